//go:build !amd64 || !gc || purego

package fasturi

import (
	"errors"
	"strconv"

	"github.com/fasturi/fasturi/internal/scanlevel"
)

// Without a vector scanner (other architectures, other compilers, and the
// purego build tag), the portable one is the only one.

func init() {
	scanlevel.Name = levelGeneric.String
	scanlevel.Set = func(name string) error {
		if name != levelGeneric.String() {
			return errors.New("no scanner level " + strconv.Quote(name) + " in this build, which has only the portable one (generic)")
		}
		return nil
	}
}

// vectorScanner says whether this build has vector scanners, whose masks
// can stand in for some byte-by-byte checks.
const vectorScanner = false

// scan returns the special bytes of the block s (see scan.go).
func scan(s string) uint64 { return scanGeneric(s) }

// scanStops returns a mask of the block s that holds every stop and may
// hold '/', ':', '@' and valid percent-encodings too (see scan.go).
func scanStops(s string) uint64 { return scanGeneric(s) }

// scanFirst returns the special bytes of the block s, a mask that holds
// every stop, and a mask that holds every byte that is not a scheme
// character (see scan.go).
func scanFirst(s string) (special, stops, notScheme uint64) { return scanFirstGeneric(s) }

// scanQuery returns the bytes of the block s that a walk over a query's
// parameters stops at: '&', ';', '=', '%', '+', the controls and the
// bytes >= 0x80 (see queryByte).
func scanQuery(s string) uint64 { return scanQueryGeneric(s) }

// stopsIn returns the bits of special, the special bytes of the block s,
// that the path walk visits (see scan.go): all of them.
func stopsIn(_ string, special uint64) uint64 { return special }

// decodeBlocks decodes s a block at a time at a level with a kernel for
// it (see scan_amd64.go): none here, and the caller decodes it all.
func decodeBlocks(_ []byte, _ string, _ DecodeOption) (n, read int) { return 0, 0 }

// onePass reports whether p's query goes to the one-pass query kernels
// (see scan_amd64.go): there are none here, and the calls to them that it
// guards are never made.
func (p *Params) onePass() bool { return false }

// decodeQuery stands for a kernel this build does not have; see
// onePass.
func decodeQuery(_ *byte, _ string, _ uint64) (sep, eq, keep, bad uint64) {
	panic("fasturi: no one-pass query kernel in this build")
}

// splitQuery stands for a kernel this build does not have; see
// onePass.
func splitQuery(_ string, _ uint64) (sep, eq uint64) {
	panic("fasturi: no one-pass query kernel in this build")
}

// splitStops returns the bytes of the block s of a query that a walk over
// its parameters raw must stop at: here the stops of scanQuery, which
// hold the separators and the '=' bytes.
func splitStops(s string, _ QueryOption) uint64 { return scanQuery(s) }
