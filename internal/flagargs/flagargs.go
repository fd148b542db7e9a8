// Package flagargs parses command lines whose flags may come after their
// operands, as in "fasturi parse access.log -json": the flag package alone
// stops at the first argument that is not a flag, and reads the rest as
// operands. Both the command and the Beam pipeline parse theirs with it.
package flagargs

import (
	"flag"
	"strings"
)

// Parse parses the flags of args into fs wherever they are before a "--",
// and leaves the other arguments, in order, as fs.Args(). What follows a
// "--" that ends the flags is operands, even when it starts with '-'; a
// "--" that a flag takes as its value ("-o --") ends nothing.
func Parse(fs *flag.FlagSet, args []string) error {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if endsFlags(fs, args[:len(args)-len(rest)]) {
			operands = append(operands, rest...) // after "--": no more flags
			break
		}
		operands, args = append(operands, rest[0]), rest[1:]
	}
	// fs.Args() becomes the operands: after "--", Parse takes no flag.
	return fs.Parse(append([]string{"--"}, operands...))
}

// endsFlags reports whether args, flags that fs has parsed, end with the
// "--" that ends the flags, rather than with a "--" that a flag took as
// its value. It reads them as the flag package does: a flag without "="
// that is not a boolean takes the argument after it.
func endsFlags(fs *flag.FlagSet, args []string) bool {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return true
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.Contains(name, "=") {
			continue
		}
		if f := fs.Lookup(name); f != nil {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				continue
			}
			i++ // its value
		}
	}
	return false
}
