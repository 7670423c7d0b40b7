package adaptertest

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/sushigo/sushigo/words"
)

// A game played in the pseudo-language (words.Pseudo) shows at a glance
// any text nobody looked up in the catalog: every word a person reads is
// accented and bracketed, so plain ASCII letters are English left behind.

// machineKeys are the fields of a platform's message that a person never
// reads: identifiers, URLs, kinds and the values a control sends back.
var machineKeys = map[string]bool{"custom_id": true, "action_id": true, "block_id": true, "url": true, "image_url": true,
	"type": true, "style": true, "id": true, "callback_id": true, "filename": true, "proxy_url": true, "ts": true,
	"thread_ts": true, "channel": true, "user": true, "event_type": true, "metadata": true, "attachments": false}

// botName is how the host names its bots ("Aiko-bot"): a name, as a
// person's is.
var botName = regexp.MustCompile(`\b[A-Z][a-z]+-bot\b`)

// UnmarkedEnglish is every string in the bodies sent that a person reads
// and the pseudo-language did not write, names (the people's and the
// bots') aside: empty when the whole game spoke the pseudo-language.
func UnmarkedEnglish(sent []Sent, names []string) []string {
	var bad []string
	seen := map[string]bool{}
	for _, s := range sent {
		var v any
		if json.Unmarshal([]byte(s.Body), &v) != nil {
			v = s.Body
		}
		walkText(v, "", func(text string) {
			check := botName.ReplaceAllString(text, "")
			for _, n := range names {
				check = strings.ReplaceAll(check, n, "")
			}
			if !words.IsPseudo(check) && !seen[text] {
				seen[text] = true
				bad = append(bad, text)
			}
		})
	}
	return bad
}

// walkText calls read on every string of v a person reads.
func walkText(v any, key string, read func(string)) {
	switch v := v.(type) {
	case string:
		read(v)
	case []any:
		for _, x := range v {
			walkText(x, key, read)
		}
	case map[string]any:
		for k, x := range v {
			switch {
			case machineKeys[k], k == "value" && key != "fields", k == "emoji":
				continue
			}
			walkText(x, k, read)
		}
	}
}

// CheckPseudo fails t for every text of the bodies sent that is not in
// the pseudo-language (UnmarkedEnglish).
func CheckPseudo(t testing.TB, c Chat, names []string) {
	t.Helper()
	bad := UnmarkedEnglish(c.Sent(), names)
	if len(bad) > 0 {
		if len(bad) > 400 {
			bad = bad[:400]
		}
		t.Errorf("%d texts a person read are not in the pseudo-language:\n  %s", len(bad), strings.Join(bad, "\n  "))
	}
}

// InEveryLanguage runs play for a classic game and a Party one in every
// language and in the pseudo-language, each a subtest ("fr/classic",
// "en-XA/party"); in the pseudo-language it then checks that no text a
// person read was left in English (CheckPseudo). Under -race the languages
// other than English and the pseudo-language play one game each.
func InEveryLanguage(t *testing.T, play func(t *testing.T, w words.Lang, party bool) (Chat, []string)) {
	for k, w := range append(words.Languages(), words.Pseudo()) {
		for _, party := range []bool{false, true} {
			if raceBuild && !w.IsEnglish() && w != words.Pseudo() && party != (k%2 == 0) {
				// Under -race each other language plays one of the two,
				// in turn: both kinds are played in some language, and
				// every sentence of each is pinned per language by the
				// host's goldens; the full run is without -race.
				continue
			}
			name := w.Code() + "/classic"
			if party {
				name = w.Code() + "/party"
			}
			t.Run(name, func(t *testing.T) {
				c, names := play(t, w, party)
				if w == words.Pseudo() {
					CheckPseudo(t, c, names)
				}
			})
		}
	}
}
