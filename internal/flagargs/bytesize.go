package flagargs

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// A ByteSize is a flag's number of bytes: N, or N followed by K, M or G
// (KiB, MiB, GiB; in either case, with or without a trailing B). It is a
// flag.Value; its String writes it in the largest unit that holds it whole.
type ByteSize int

// byteUnits are the units a byteSize is written in, largest first.
var byteUnits = []struct {
	suffix string
	size   int
}{{"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}}

// String writes s in the largest unit that holds it whole: 1M, not
// 1048576.
func (s *ByteSize) String() string {
	n := int(*s)
	for _, u := range byteUnits {
		if n != 0 && n%u.size == 0 {
			return strconv.Itoa(n/u.size) + u.suffix
		}
	}
	return strconv.Itoa(n)
}

// Set reads v as a size.
func (s *ByteSize) Set(v string) error {
	digits, size := strings.TrimSuffix(strings.ToUpper(v), "B"), 1
	for _, u := range byteUnits {
		if d, ok := strings.CutSuffix(digits, u.suffix); ok {
			digits, size = d, u.size
			break
		}
	}
	n, err := strconv.ParseUint(digits, 10, 64)
	if err != nil {
		return errors.New("want a number of bytes, with K, M or G after it for KiB, MiB or GiB")
	}
	if n > uint64(math.MaxInt/size) {
		return errors.New("too large")
	}
	*s = ByteSize(int(n) * size)
	return nil
}
