package main

import (
	"io"

	"github.com/fasturi/fasturi"
)

const normalizeSynopsis = "fasturi normalize [-level syntax|scheme] [-reject-underflow]\n" +
	"       [-json] [-q] [-o FILE] [-max-line SIZE] [FILE...]"

// normalizeLine returns the transform of normalize.
func normalizeLine(level fasturi.NormalizeLevel, opts fasturi.PathOption) transform {
	return func(dst, line []byte) ([]byte, string, int) {
		u, _ := fasturi.Parse(line) // AppendNormalize reports an invalid u
		out, off, err := fasturi.AppendNormalize(dst, u, level, opts)
		if err != nil {
			return dst, errorMessage(err), off
		}
		return out, "", 0
	}
}

func runNormalize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newCommand("normalize", normalizeSynopsis,
		"Normalize one URI reference per line of each FILE (standard input if none,\n"+
			"or for -), by RFC 3986 section 6.2, and write one line per input line, in\n"+
			"input order. A relative reference keeps the \"..\" segments that lead\n"+
			"its path (\"a/../../x\" is \"../x\"), which -reject-underflow lets be.\n", stderr)
	level := c.fs.String("level", "scheme", "`LEVEL`: syntax (6.2.2) or scheme (6.2.3 too)")
	underflow := c.fs.Bool("reject-underflow", false, `refuse a ".." above the root, which the RFC drops`)
	if code, stop := c.parse(args, stdout); stop {
		return code
	}
	var lv fasturi.NormalizeLevel
	switch *level {
	case "syntax":
		lv = fasturi.NormalizeSyntax
	case "scheme":
		lv = fasturi.NormalizeScheme
	default:
		return c.usageError("-level is syntax or scheme, not %q", *level)
	}
	return c.run(normalizeLine(lv, pathOption(*underflow)), stdin, stdout)
}

// pathOption returns the PathOption of -reject-underflow.
func pathOption(rejectUnderflow bool) fasturi.PathOption {
	if rejectUnderflow {
		return fasturi.RejectPathUnderflow
	}
	return 0
}
