package main

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"github.com/fasturi/fasturi"
)

// config is the proxy's policy: the rules that refuse valid targets, each
// a flag, -normalize, and the routes.
type config struct {
	refuseUserinfo     bool
	refuseLegacyIPv4   bool
	refuseIDNAHost     bool
	refuseControls     bool
	refuseEncodedSlash bool
	refuseEncodedPct   bool
	refuseUnderflow    bool
	refuseHostMismatch bool
	normalize          bool // -normalize; routes normalize too (see normalizes)
	routes             []route
	backendTimeout     time.Duration // for the head of a backend's response; 0: none
	bodyTimeout        time.Duration // for each read of a request's body; 0: none
}

// flags returns the flags that make c, as the command line spells them.
func (c config) flags() []string {
	var f []string
	for _, r := range [...]struct {
		on   bool
		name string
	}{
		{c.refuseUserinfo, "-refuse-userinfo"},
		{c.refuseLegacyIPv4, "-refuse-legacy-ipv4"},
		{c.refuseIDNAHost, "-refuse-encoded-non-ascii-host"},
		{c.refuseControls, "-refuse-encoded-controls"},
		{c.refuseEncodedSlash, "-refuse-encoded-slash"},
		{c.refuseEncodedPct, "-refuse-encoded-percent"},
		{c.refuseUnderflow, "-refuse-underflow"},
		{c.refuseHostMismatch, "-refuse-host-mismatch"},
		{c.normalizes(), "-normalize"},
	} {
		if r.on {
			f = append(f, r.name)
		}
	}
	return f
}

// normalizes reports whether the proxy forwards targets normalized: with
// -normalize, and with routes, which match normalized paths (see route).
func (c *config) normalizes() bool { return c.normalize || len(c.routes) > 0 }

// usesFacts reports whether a rule of c needs the target's fasturi.Facts.
func (c *config) usesFacts() bool {
	return c.refuseUserinfo || c.refuseLegacyIPv4 || c.refuseIDNAHost || c.refuseControls ||
		c.refuseEncodedSlash || c.refuseEncodedPct || c.refuseUnderflow
}

// refusal returns the flag of the first rule that refuses the valid target
// u of the given form, without its '-', and why; or "" when none does.
// named is the host the request names: u itself in the absolute-form, and
// otherwise its Host header, parsed (fasturi.ParseHostHeader). header is
// the Host header field as it came, which only -refuse-host-mismatch reads:
// net/http has already replaced Request.Host by the authority of an
// absolute-form target.
func (c *config) refusal(u *fasturi.URI, form fasturi.TargetForm, named *fasturi.URI, header hostHeader) (rule, why string) {
	var f, hf fasturi.Facts
	if c.usesFacts() {
		f = u.Facts()
		hf = f
		if named != u {
			hf = named.Facts()
		}
	}
	if c.refuseUserinfo && f.Userinfo {
		return "refuse-userinfo", "the target has userinfo, which disguises its host"
	}
	whose := "host"
	if named != u {
		whose = "the Host header's host"
	}
	if c.refuseLegacyIPv4 && hf.LegacyIPv4.IsValid() {
		return "refuse-legacy-ipv4", fmt.Sprintf("%s %s is %v to resolvers", whose, quoteCut(named.RawHost()), hf.LegacyIPv4)
	}
	// IDNA (UTS #46) maps such bytes before a name is resolved, so that no
	// check of the host as written holds: fullwidth digits,
	// "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1", are 127.0.0.1 to net/http.
	if c.refuseIDNAHost && hf.EncodedNonASCII.Has(fasturi.ComponentHost) {
		return "refuse-encoded-non-ascii-host", fmt.Sprintf("%s %s percent-encodes a byte >= 0x80, which IDNA maps before resolving", whose, quoteCut(named.RawHost()))
	}
	if c.refuseLegacyIPv4 && named.HostType() == fasturi.HostRegName && decodesToSpace(named.RawHost()) {
		return "refuse-legacy-ipv4", fmt.Sprintf("%s %s decodes to whitespace or a control character, where some resolvers stop", whose, quoteCut(named.RawHost()))
	}
	if c.refuseLegacyIPv4 && hf.NumericLastLabel {
		return "refuse-legacy-ipv4", fmt.Sprintf("%s %s ends in a number, which some resolvers read as an IPv4 address and WHATWG parsers refuse", whose, quoteCut(named.RawHost()))
	}
	if c.refuseControls {
		// The target's userinfo, host and path, then the Host header's
		// host; the query is the backend's to read.
		if i := encodedControl(u.String()[:u.Span(fasturi.ComponentPath).End]); i >= 0 {
			return "refuse-encoded-controls", fmt.Sprintf("%q at offset %d encodes a control character", u.String()[i:i+3], i)
		}
		if named != u && hf.EncodedControls.Has(fasturi.ComponentHost) {
			return "refuse-encoded-controls", fmt.Sprintf("%s %s encodes a control character", whose, quoteCut(named.RawHost()))
		}
	}
	if c.refuseHostMismatch && form == fasturi.AbsoluteForm {
		switch {
		case !header.known:
			return "refuse-host-mismatch", "the Host header could not be read"
		case !header.present:
			return "refuse-host-mismatch", "no Host header to compare the target's authority with"
		case u.HostDiffers(header.value):
			return "refuse-host-mismatch", fmt.Sprintf("the target's authority %s differs from the Host header %s", quoteCut(u.RawAuthority()), quoteCut(header.value))
		}
	}
	if c.refuseEncodedSlash && f.EncodedDelimiters.Has(fasturi.ComponentPath) {
		// The fact covers every delimiter; the rule is about the two that
		// servers read as a path separator once decoded.
		if i := encodedSlash(u.RawPath()); i >= 0 {
			off := int(u.Span(fasturi.ComponentPath).Start) + i
			return "refuse-encoded-slash", fmt.Sprintf("%q at offset %d encodes a path separator", u.RawPath()[i:i+3], off)
		}
	}
	if c.refuseEncodedPct && f.EncodedPercent.Has(fasturi.ComponentPath) {
		// In a valid path every '%' starts an encoding: the first "%25"
		// is the first encoded '%'.
		i := strings.Index(u.RawPath(), "%25")
		off := int(u.Span(fasturi.ComponentPath).Start) + i
		return "refuse-encoded-percent", fmt.Sprintf(`"%%25" at offset %d encodes a '%%', which a second decoding reads as the start of another encoding`, off)
	}
	if c.refuseUnderflow && f.PathUnderflow {
		return "refuse-underflow", `a ".." segment of the path climbs above the root`
	}
	return "", ""
}

// decodesToSpace reports whether the reg-name host, as written, decodes to
// whitespace or a control character, where C resolvers stop
// ("169.254.169.254%20.example", "127.0.0.1%00"), and so read a name that
// the policy never saw; or whether it does not decode at all, which a host
// from a valid URI always does. The other way some resolvers read a name
// as an IPv4 address that fasturi.LegacyIPv4 does not return, a last label
// that is a number ("4294967297" and "08", which BSD's inet_aton reads),
// is Facts.NumericLastLabel.
func decodesToSpace(host string) bool {
	if strings.IndexByte(host, '%') < 0 {
		return false // a valid reg-name holds no raw whitespace or control
	}
	var buf [256]byte // most hosts decode here, without allocating
	d, _, err := fasturi.AppendDecode(buf[:0], host, 0)
	return err != nil || bytes.ContainsFunc(d, func(r rune) bool { return r <= ' ' || r == 0x7f })
}

// encodedControl returns the offset in s, valid URI syntax up to the end
// of a path, of the first percent-encoded control character ("%00" to
// "%1F", "%7F"), or -1. The "%25" that starts an IPv6 zone ID encodes '%'.
func encodedControl(s string) int {
	return firstEncoded(s, func(hi, lo byte) bool { return hi <= '1' || hi == '7' && lo == 'f' })
}

// encodedSlash returns the offset in p, a valid path, of the first
// percent-encoded '/' or '\' ("%2F", "%5c"), or -1.
func encodedSlash(p string) int {
	return firstEncoded(p, func(hi, lo byte) bool { return hi == '2' && lo == 'f' || hi == '5' && lo == 'c' })
}

// firstEncoded returns the offset in s, whose percent-encodings are
// valid, of the first one whose hex digits match reports true for (the
// second lowercased), or -1.
func firstEncoded(s string, match func(hi, lo byte) bool) int {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if match(s[i+1], s[i+2]|0x20) {
			return i
		}
		j := strings.IndexByte(s[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return -1
}
