package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/sushigo/sushigo/protocol"
	"github.com/sushigo/sushigo/words"
)

// parseFlags parses a command's flags, refusing positional arguments. On
// --help it prints usage and the flags to stdout, in w, and reports
// helped: the command then has nothing more to do. Errors, in w, name the
// command and where its help is.
func parseFlags(w words.Lang, fs *flag.FlagSet, args []string, usage string, stdout io.Writer) (helped bool, err error) {
	fs.SetOutput(io.Discard) // errors are returned once, by us
	name := fs.Name()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usage)
			printFlags(w, fs, stdout)
			return true, nil
		}
		return false, errors.New(flagError(w, name, err))
	}
	if fs.NArg() > 0 {
		return false, errors.New(unticked(w.Say("cli.unexpectedArgument", name, fs.Arg(0), name)))
	}
	return false, nil
}

// printFlags lists fs's flags as --help shows them: Go's own listing
// would say "int", "string" and "(default …)" in English.
func printFlags(w words.Lang, fs *flag.FlagSet, out io.Writer) {
	fs.VisitAll(func(f *flag.Flag) {
		kind, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if kind != "" {
			line += " " + w.Say(valueKeys[kind])
		}
		fmt.Fprintln(out, line)
		if f.DefValue != "" && f.DefValue != "0" && f.DefValue != "false" && f.DefValue != "0s" {
			usage = w.Say("cli.withDefault", usage, f.DefValue)
		}
		fmt.Fprintln(out, "      "+strings.ReplaceAll(usage, "\n", "\n      "))
	})
}

// valueKeys word the kinds of value a flag takes, as flag.UnquoteUsage
// names them.
var valueKeys = map[string]words.Key{"int": "cli.value.number", "uint": "cli.value.number", "int64": "cli.value.number", "uint64": "cli.value.number",
	"float": "cli.value.number", "string": "cli.value.text", "duration": "cli.value.duration", "value": "cli.value.text"}

// The flag package's errors, as it words them (Go 1.26), and the
// catalog's sentence for each.
var flagErrors = []struct {
	re  *regexp.Regexp
	key words.Key
}{
	{regexp.MustCompile(`^flag provided but not defined: -+(.+)$`), "cli.unknownFlag"},
	{regexp.MustCompile(`^flag needs an argument: -+(.+)$`), "cli.flagNeedsValue"},
	{regexp.MustCompile(`^invalid (?:boolean )?value ".*" for flag -+([^:]+):`), "cli.badFlagValue"},
}

// flagError is the flag package's err about command name's flags in w.
func flagError(w words.Lang, name string, err error) string {
	for _, e := range flagErrors {
		if m := e.re.FindStringSubmatch(err.Error()); m != nil {
			return unticked(w.Say(e.key, name, m[1], name))
		}
	}
	return unticked(w.Say("cli.badFlags", name, name))
}

// unticked is a catalog sentence as the terminal prints it: the commands it
// names in backticks (which keep them as they are in every language)
// without the backticks.
func unticked(s string) string { return strings.ReplaceAll(s, "`", "") }

// hostRefused is the host's refusal of command cmd (its view's text) as
// the command line says it: the commands it names as typed here.
func hostRefused(w words.Lang, cmd, text string) error {
	return errors.New(unticked(w.Say("cli.refused", cmd, strings.TrimSpace(protocol.Speak(protocol.CommandLine, text)))))
}
