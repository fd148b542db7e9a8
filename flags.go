package fasturi

import "strconv"

// flagsString returns the names of the bits set in v, in order of the
// bits, joined by '|', then the bits past names, in hex ("a|b|0x80"); or ""
// when v is 0.
func flagsString(v uint8, names []string) string {
	var b []byte
	for i, name := range names {
		if v&(1<<i) != 0 {
			if b != nil {
				b = append(b, '|')
			}
			b = append(b, name...)
		}
	}
	if rest := uint64(v) >> len(names) << len(names); rest != 0 {
		if b != nil {
			b = append(b, '|')
		}
		b = strconv.AppendUint(append(b, "0x"...), rest, 16)
	}
	return string(b)
}

// optionsString is flagsString for a set of options, whose zero value is
// one too: "0".
func optionsString(v uint8, names []string) string {
	if v == 0 {
		return "0"
	}
	return flagsString(v, names)
}

// String returns the names of the options in o, joined by '|'
// ("DecodeNoControls|DecodePlusAsSpace"), then any bits that name no
// option, in hex; or "0" for none.
func (o DecodeOption) String() string {
	return optionsString(uint8(o), []string{"DecodeNoControls", "DecodePlusAsSpace"})
}

// String returns "QuerySemicolon" for that option, then any bits that name
// no option, in hex; or "0" for none.
func (o QueryOption) String() string {
	return optionsString(uint8(o), []string{"QuerySemicolon"})
}

// String returns "RejectPathUnderflow" for that option, then any bits that
// name no option, in hex; or "0" for none.
func (o PathOption) String() string {
	return optionsString(uint8(o), []string{"RejectPathUnderflow"})
}
