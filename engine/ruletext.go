package engine

// RuleKey names what a card of kind k does in games of s: the catalog key
// of its rule text ("rule.party.spoon"), which words.Rule words, or "" for
// a kind s's ruleset does not play. The texts themselves are words; their
// test checks each number a text claims against what the engine pays.
func (s Settings) RuleKey(k Kind) string {
	s = s.withDefaults()
	switch {
	case k == KindNone || k >= numKinds:
		return ""
	case s.Ruleset == Party:
		return "rule.party." + k.Key()
	case s.Dummy && k == KindPudding:
		// The dummy is a third tableau (ruling C9), so the fewest-puddings
		// penalty applies.
		return "rule.dummy.pudding"
	case classicKinds[k]:
		return "rule.classic." + k.Key()
	}
	return ""
}

// classicKinds are the card types classic Sushi Go! plays.
var classicKinds = [numKinds]bool{
	KindTempura: true, KindSashimi: true, KindDumpling: true, KindMaki: true,
	KindNigiri: true, KindWasabi: true, KindChopsticks: true, KindPudding: true,
}
