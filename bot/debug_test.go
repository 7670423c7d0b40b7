package bot

import "fmt"

// dbgState describes a stuck game in a failure message.
func dbgState(st *gameRecord) string {
	g := st.game
	s := fmt.Sprintf("phase=%s round=%d turn=%d over=%v ctrl=%d waiting=%d\n", st.Phase, g.Round(), g.Turn(), g.Over(), g.Controller(), g.Waiting())
	for i, se := range st.Seats {
		s += fmt.Sprintf("seat %d %+v submitted=%v hand=%v legal=%d\n", i, se.Name, g.Submitted(i), g.View(i).AppendHand(nil), len(g.View(i).AppendLegal(nil)))
	}
	return s
}
