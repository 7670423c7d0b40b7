package picture

import (
	"fmt"
	"strings"

	"github.com/sushigo/sushigo/engine"
	"github.com/sushigo/sushigo/words"
)

// altLimit bounds alt text: Discord takes 1,024 characters for an
// attachment's description, Slack 2,000 for an image block's.
const altLimit = 1000

// TableAlt says in words what Table draws: for screen readers and for
// anyone whose client shows no image.
func TableAlt(lang words.Lang, pv engine.PublicView, names []string) string {
	var b strings.Builder
	if pv.Over {
		b.WriteString(lang.Say("picture.alt.pictureOfTheTableAt"))
	} else {
		fmt.Fprint(&b, lang.Say("picture.alt.pictureOfTheTableRound", pv.Round, pv.Turn))
	}
	for i, s := range pv.Seats {
		b.WriteString(lang.Say("alt.seat", seatName(lang, names, i, s), lang.Count("point", s.Score)))
		cols := columns(s.Tableau)
		if len(cols) == 0 {
			b.WriteString(lang.Say("alt.noCards"))
		}
		for k, col := range cols {
			if k > 0 {
				b.WriteString(",")
			}
			name := lang.KindLower(col.kind)
			if col.faceDown {
				name = lang.Say("alt.faceDown")
			} else if col.kind == engine.KindSpecialOrder {
				name = lang.Say("picture.alt.specialOrderWithoutACopy")
			}
			b.WriteString(lang.Say("alt.cards", len(col.cards), name))
		}
		if n := len(s.Desserts) + s.Puddings; n > 0 {
			b.WriteString(lang.Say("alt.keptForDessert", n))
		}
		b.WriteString(".")
	}
	return cutAlt(b.String())
}

// RoundScoresAlt says in words what RoundScores draws.
func RoundScoresAlt(lang words.Lang, pv engine.PublicView, r int, names []string) string {
	if r < 1 || r > len(pv.Scores) {
		return ""
	}
	parts := make([]string, len(pv.Scores[r-1]))
	for i, br := range pv.Scores[r-1] {
		parts[i] = fmt.Sprintf("%s %d", seatName(lang, names, i, pv.Seats[i]), br.Total())
	}
	return cutAlt(lang.Say("picture.alt.barChartOfRoundD", r, strings.Join(parts, ", ")))
}

// FinalAlt says in words what Final draws.
func FinalAlt(lang words.Lang, pv engine.PublicView, names []string) string {
	if !pv.Over {
		return ""
	}
	parts := make([]string, len(pv.Standings))
	for i, st := range pv.Standings {
		parts[i] = fmt.Sprintf("%s %s %d", placeLabel(st), seatName(lang, names, st.Seat, pv.Seats[st.Seat]), st.Score)
	}
	return cutAlt(lang.Say("picture.alt.lineChartOfEachPlayer",
		strings.Join(parts, ", "), winnerLine(lang, pv, names)))
}

func cutAlt(s string) string {
	if r := []rune(s); len(r) > altLimit {
		return string(r[:altLimit-1]) + "…"
	}
	return s
}
