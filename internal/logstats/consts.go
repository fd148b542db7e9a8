package logstats

import (
	"strings"

	"github.com/fasturi/fasturi"
)

// A Const numbers one of the keys that Observe passes over and over, the
// same every time: "<none>", a host type, an error's message, a common
// scheme or method. Observe passes its number with such a key, so that a
// counter may count it in an array, by number, without hashing it. The
// zero Const, NoConst, goes with every other key.
type Const uint8

// NoConst is the Const of a key that is not a constant.
const NoConst Const = 0

// MaxConsts bounds the Consts: each is below it.
const MaxConsts = 128

// String returns the key that c numbers ("" for NoConst).
func (c Const) String() string { return constKeys[c] }

// constKeys are the keys of the Consts, by number, and constOf the
// numbers, by key: each key has one number, whichever facets pass it.
var (
	constKeys = []string{""}
	constOf   = map[string]Const{}
)

// newConst returns the number of key, which it gives one if key has none.
func newConst(key string) Const {
	if c, ok := constOf[key]; ok {
		return c
	}
	if len(constKeys) == MaxConsts {
		panic("logstats: more than MaxConsts constant keys")
	}
	c := Const(len(constKeys))
	constKeys = append(constKeys, key)
	constOf[key] = c
	return c
}

// newConsts returns the numbers of keys, in order.
func newConsts(keys []string) []Const {
	cs := make([]Const, len(keys))
	for i, k := range keys {
		cs[i] = newConst(k)
	}
	return cs
}

// The numbers of the keys that Observe passes as constants.
var (
	constNone      = newConst(keyNone)
	constEmpty     = newConst(keyEmpty)
	constNoReferer = newConst(keyNoReferer)
	constInvalid   = newConst(keyInvalid)
	constNoTarget  = newConst(MsgNoTarget)
	constTooLong   = newConst(MsgLineTooLong)

	constLegacyIPv4        = newConst(factLegacyIPv4)
	constUserinfo          = newConst(factUserinfo)
	constEncodedDelimiters = newConst(factEncodedDelimiters)
	constEncodedControls   = newConst(factEncodedControls)
	constEncodedNUL        = newConst(factEncodedNUL)
	constEncodedNonASCII   = newConst(factEncodedNonASCII)
	constEncodedPercent    = newConst(factEncodedPercent)
	constPathUnderflow     = newConst(factPathUnderflow)
	constNumericLastLabel  = newConst(factNumericLastLabel)

	schemeConsts = newConsts(schemes)
	methodConsts = newConsts(methods)
	// The messages of lines that do not match a format: mismatchConst
	// finds their numbers by key.
	_ = newConsts(mismatchMessages)

	// hostTypeConsts, formConsts and errorConsts number the names of
	// host types and request-target forms and the messages of error
	// kinds, by value.
	hostTypeConsts [fasturi.HostIPvFuture + 1]Const
	formConsts     [fasturi.AsteriskForm + 1]Const
	errorConsts    [256]Const
)

func init() {
	for t := range fasturi.HostIPvFuture + 1 {
		hostTypeConsts[t] = newConst(t.String())
	}
	for f := range fasturi.AsteriskForm + 1 {
		formConsts[f] = newConst(f.String())
	}
	for k := range len(errorConsts) {
		// The parser gives only the kinds it has messages for; the others
		// are numbered in their message ("unknown error 200").
		if m := fasturi.ErrorKind(k).Message(); !strings.HasPrefix(m, "unknown error") {
			errorConsts[k] = newConst(m)
		}
	}
}

// mismatchConst returns the number of a Mismatch's message: all come from
// mismatchMessages, which have numbers.
func mismatchConst(msg string) Const { return constOf[msg] }
