package words

import (
	"strconv"
	"time"
)

// Dates and times as each language writes them: its own month and weekday
// names, in its own order ("Thu 26 Nov 22:37", "jeu. 26 nov. 22:37",
// "Do., 26. Nov., 22:37"), on a 24-hour clock. Times are UTC: a chat has
// no one time zone.

// When says when something happened, as a list of past games does: "today
// 14:05", "Fri 20 Nov 09:30", or "20 Nov 2025" in another year.
func (l Lang) When(t, now time.Time) string {
	t, now = t.UTC(), now.UTC()
	switch {
	case t.YearDay() == now.YearDay() && t.Year() == now.Year():
		return l.Say("date.today", clock(t))
	case t.Year() != now.Year():
		return l.Say("date.otherYear", t.Day(), l.month(t), t.Year())
	}
	return l.Say("date.thisYear", l.weekday(t), t.Day(), l.month(t), clock(t))
}

// DateTime is a full date and time: "Thu 26 Nov 2026 22:37".
func (l Lang) DateTime(t time.Time) string {
	t = t.UTC()
	return l.Say("date.full", l.weekday(t), t.Day(), l.month(t), t.Year(), clock(t))
}

func (l Lang) month(t time.Time) string { return l.Say("date.month." + strconv.Itoa(int(t.Month()))) }

func (l Lang) weekday(t time.Time) string {
	return l.Say("date.weekday." + strconv.Itoa(int(t.Weekday())))
}

// clock is a time of day on a 24-hour clock, as all six languages write
// it.
func clock(t time.Time) string { return t.Format("15:04") }
