package main

import (
	"fmt"
	"strings"

	"github.com/fasturi/fasturi"
)

// config is the proxy's policy: the rules that refuse valid targets, each
// a flag, and -normalize.
type config struct {
	refuseUserinfo     bool
	refuseLegacyIPv4   bool
	refuseIDNAHost     bool
	refuseEncodedSlash bool
	refuseEncodedPct   bool
	refuseUnderflow    bool
	refuseHostMismatch bool
	normalize          bool
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
		{c.refuseEncodedSlash, "-refuse-encoded-slash"},
		{c.refuseEncodedPct, "-refuse-encoded-percent"},
		{c.refuseUnderflow, "-refuse-underflow"},
		{c.refuseHostMismatch, "-refuse-host-mismatch"},
		{c.normalize, "-normalize"},
	} {
		if r.on {
			f = append(f, r.name)
		}
	}
	return f
}

// usesFacts reports whether a rule of c needs the target's fasturi.Facts.
func (c *config) usesFacts() bool {
	return c.refuseUserinfo || c.refuseLegacyIPv4 || c.refuseIDNAHost || c.refuseEncodedSlash || c.refuseEncodedPct || c.refuseUnderflow
}

// refusal returns the flag of the first rule that refuses the valid target
// u of the given form, without its '-', and why; or "" when none does.
// host is the request's Host (Request.Host), and header the Host header
// field as it came, which only -refuse-host-mismatch reads: net/http has
// already replaced Request.Host by the authority of an absolute-form
// target.
func (c *config) refusal(u *fasturi.URI, form fasturi.TargetForm, host string, header hostHeader) (rule, why string) {
	var f fasturi.Facts
	if c.usesFacts() {
		f = u.Facts()
	}
	if c.refuseUserinfo && f.Userinfo {
		return "refuse-userinfo", "the target has userinfo, which disguises its host"
	}
	if c.refuseLegacyIPv4 || c.refuseIDNAHost {
		// The host the request names: the target's in the absolute-form,
		// and the Host header's in the others, read as a target's
		// authority is.
		named, hf, whose := u, f, "host"
		if form != fasturi.AbsoluteForm {
			h, err := fasturi.ParseHostHeaderString(host)
			if err != nil {
				rule := "refuse-legacy-ipv4"
				if !c.refuseLegacyIPv4 {
					rule = "refuse-encoded-non-ascii-host"
				}
				return rule, fmt.Sprintf("the Host header %q is no host to check: %v", host, h.Err())
			}
			named, hf, whose = &h, h.Facts(), "the Host header's"
		}
		if c.refuseLegacyIPv4 && hf.LegacyIPv4.IsValid() {
			return "refuse-legacy-ipv4", fmt.Sprintf("%s %q is %v to resolvers", whose, named.RawHost(), hf.LegacyIPv4)
		}
		// IDNA (UTS #46) maps such bytes before a name is resolved, so
		// that no check of the host as written holds: fullwidth digits,
		// "%EF%BC%91%EF%BC%92%EF%BC%97.0.0.1", are 127.0.0.1 to net/http.
		if c.refuseIDNAHost && hf.EncodedNonASCII.Has(fasturi.ComponentHost) {
			return "refuse-encoded-non-ascii-host", fmt.Sprintf("%s %q percent-encodes a byte >= 0x80, which IDNA maps before resolving", whose, named.RawHost())
		}
	}
	if c.refuseHostMismatch && form == fasturi.AbsoluteForm {
		switch {
		case !header.known:
			return "refuse-host-mismatch", "the Host header could not be read"
		case !header.present:
			return "refuse-host-mismatch", "no Host header to compare the target's authority with"
		case !validPort(u):
			return "refuse-host-mismatch", fmt.Sprintf("the target's port %q is no port number up to 65535", u.Port())
		case u.HostDiffers(header.value):
			return "refuse-host-mismatch", fmt.Sprintf("the target's authority %q differs from the Host header %q", u.RawAuthority(), header.value)
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

// validPort reports whether u has no port, or one up to 65535.
func validPort(u *fasturi.URI) bool {
	_, _, err := u.PortNumber()
	return err == nil
}

// encodedSlash returns the offset in p, a valid path, of the first
// percent-encoded '/' or '\' ("%2F", "%5c"), or -1.
func encodedSlash(p string) int {
	for i := strings.IndexByte(p, '%'); i >= 0; {
		if hi, lo := p[i+1], p[i+2]|0x20; hi == '2' && lo == 'f' || hi == '5' && lo == 'c' {
			return i
		}
		j := strings.IndexByte(p[i+3:], '%')
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return -1
}
