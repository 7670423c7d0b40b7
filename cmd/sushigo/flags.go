package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// parseFlags parses a command's flags, refusing positional arguments. On
// --help it prints usage and the flags to stdout and reports helped: the
// command then has nothing more to do. Errors name the command and where
// its help is.
func parseFlags(fs *flag.FlagSet, args []string, usage string, stdout io.Writer) (helped bool, err error) {
	fs.SetOutput(io.Discard) // errors are returned once, by us
	name := fs.Name()
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return true, nil
		}
		return false, fmt.Errorf("%s: %w (see sushigo %s --help)", name, err, name)
	}
	if fs.NArg() > 0 {
		return false, fmt.Errorf("%s: unexpected argument %q (see sushigo %s --help)", name, fs.Arg(0), name)
	}
	return false, nil
}
