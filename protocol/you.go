package protocol

import "github.com/sushigo/sushigo/words"

// You is the user ID of the terminal's one person.
const You = "you"

// NameIn is a person's name as w's reader reads it: the terminal's person,
// stored under "You" in the language the game was played in ("Du", "Вы"),
// is "You" in w; anyone else keeps their name.
func NameIn(w words.Lang, id, name string) string {
	if id == You && words.IsYou(name) {
		return w.You()
	}
	return name
}
