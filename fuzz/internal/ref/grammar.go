package ref

// The rules of RFC 3986 Appendix A, in its order, with RFC 6874's additions.
// RFC 5234 Appendix B.1 defines ALPHA, DIGIT and HEXDIG.
var (
	ALPHA  = char(either(between('A', 'Z'), between('a', 'z')))
	DIGIT  = char(between('0', '9'))
	HEXDIG = char(either(between('0', '9'), between('A', 'F'), between('a', 'f')))

	uriReference rule // URI-reference = URI / relative-ref

	// URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
	uri = seq(capture(capScheme, scheme), lit(":"), hierPart,
		opt(seq(lit("?"), capture(capQuery, query))),
		opt(seq(lit("#"), capture(capFragment, fragment))))

	// hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
	hierPart = alt(
		seq(lit("//"), authority, capture(capPath, pathAbempty)),
		capture(capPath, pathAbsolute),
		capture(capPath, pathRootless),
		capture(capPath, pathEmpty))

	// relative-ref = relative-part [ "?" query ] [ "#" fragment ]
	relativeRef = seq(relativePart,
		opt(seq(lit("?"), capture(capQuery, query))),
		opt(seq(lit("#"), capture(capFragment, fragment))))

	// relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
	relativePart = alt(
		seq(lit("//"), authority, capture(capPath, pathAbempty)),
		capture(capPath, pathAbsolute),
		capture(capPath, pathNoscheme),
		capture(capPath, pathEmpty))

	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	scheme = seq(ALPHA, rep(0, -1, alt(ALPHA, DIGIT, lit("+"), lit("-"), lit("."))))

	// authority = [ userinfo "@" ] host [ ":" port ]
	authority = seq(opt(seq(capture(capUserinfo, userinfo), lit("@"))), capture(capHost, host),
		opt(seq(lit(":"), capture(capPort, port))))

	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	userinfo = rep(0, -1, alt(unreserved, pctEncoded, subDelims, lit(":")))

	// host = IP-literal / IPv4address / reg-name
	host = alt(ipLiteral, capture(capIPv4, ipv4address), capture(capRegName, regName))

	// port = *DIGIT
	port = rep(0, -1, DIGIT)

	// IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"   (RFC 6874)
	ipLiteral = seq(lit("["), alt(
		capture(capIPv6, ipv6address),
		capture(capIPv6, ipv6addrz),
		capture(capIPvFuture, ipvFuture)), lit("]"))

	// IPv6addrz = IPv6address "%25" ZoneID   (RFC 6874)
	ipv6addrz = seq(ipv6address, lit("%25"), capture(capZone, zoneID))

	// ZoneID = 1*( unreserved / pct-encoded )   (RFC 6874)
	zoneID = rep(1, -1, alt(unreserved, pctEncoded))

	// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
	ipvFuture = seq(lit("v"), rep(1, -1, HEXDIG), lit("."), rep(1, -1, alt(unreserved, subDelims, lit(":"))))

	// IPv6address =                            6( h16 ":" ) ls32
	//             /                       "::" 5( h16 ":" ) ls32
	//             / [               h16 ] "::" 4( h16 ":" ) ls32
	//             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
	//             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
	//             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
	//             / [ *4( h16 ":" ) h16 ] "::"              ls32
	//             / [ *5( h16 ":" ) h16 ] "::"              h16
	//             / [ *6( h16 ":" ) h16 ] "::"
	ipv6address = alt(
		seq(rep(6, 6, seq(h16, lit(":"))), ls32),
		seq(lit("::"), rep(5, 5, seq(h16, lit(":"))), ls32),
		seq(opt(h16), lit("::"), rep(4, 4, seq(h16, lit(":"))), ls32),
		seq(opt(seq(rep(0, 1, seq(h16, lit(":"))), h16)), lit("::"), rep(3, 3, seq(h16, lit(":"))), ls32),
		seq(opt(seq(rep(0, 2, seq(h16, lit(":"))), h16)), lit("::"), rep(2, 2, seq(h16, lit(":"))), ls32),
		seq(opt(seq(rep(0, 3, seq(h16, lit(":"))), h16)), lit("::"), h16, lit(":"), ls32),
		seq(opt(seq(rep(0, 4, seq(h16, lit(":"))), h16)), lit("::"), ls32),
		seq(opt(seq(rep(0, 5, seq(h16, lit(":"))), h16)), lit("::"), h16),
		seq(opt(seq(rep(0, 6, seq(h16, lit(":"))), h16)), lit("::")))

	// h16 = 1*4HEXDIG
	h16 = rep(1, 4, HEXDIG)

	// ls32 = ( h16 ":" h16 ) / IPv4address
	ls32 = alt(seq(h16, lit(":"), h16), ipv4address)

	// IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
	ipv4address = seq(decOctet, lit("."), decOctet, lit("."), decOctet, lit("."), decOctet)

	// dec-octet = DIGIT                 ; 0-9
	//           / %x31-39 DIGIT         ; 10-99
	//           / "1" 2DIGIT            ; 100-199
	//           / "2" %x30-34 DIGIT     ; 200-249
	//           / "25" %x30-35          ; 250-255
	decOctet = alt(
		DIGIT,
		seq(char(between('1', '9')), DIGIT),
		seq(lit("1"), DIGIT, DIGIT),
		seq(lit("2"), char(between('0', '4')), DIGIT),
		seq(lit("25"), char(between('0', '5'))))

	// reg-name = *( unreserved / pct-encoded / sub-delims )
	regName = rep(0, -1, alt(unreserved, pctEncoded, subDelims))

	// path-abempty  = *( "/" segment )
	// path-absolute = "/" [ segment-nz *( "/" segment ) ]
	// path-noscheme = segment-nz-nc *( "/" segment )
	// path-rootless = segment-nz *( "/" segment )
	// path-empty    = 0<pchar>
	pathAbempty  = rep(0, -1, seq(lit("/"), segment))
	pathAbsolute = seq(lit("/"), opt(seq(segmentNz, rep(0, -1, seq(lit("/"), segment)))))
	pathNoscheme = seq(segmentNzNc, rep(0, -1, seq(lit("/"), segment)))
	pathRootless = seq(segmentNz, rep(0, -1, seq(lit("/"), segment)))
	pathEmpty    = seq()

	// segment       = *pchar
	// segment-nz    = 1*pchar
	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	segment     = rep(0, -1, pchar)
	segmentNz   = rep(1, -1, pchar)
	segmentNzNc = rep(1, -1, alt(unreserved, pctEncoded, subDelims, lit("@")))

	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	pchar = alt(unreserved, pctEncoded, subDelims, lit(":"), lit("@"))

	// query    = *( pchar / "/" / "?" )
	// fragment = *( pchar / "/" / "?" )
	query    = rep(0, -1, alt(pchar, lit("/"), lit("?")))
	fragment = rep(0, -1, alt(pchar, lit("/"), lit("?")))

	// pct-encoded = "%" HEXDIG HEXDIG
	pctEncoded = seq(lit("%"), HEXDIG, HEXDIG)

	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	unreserved = alt(ALPHA, DIGIT, lit("-"), lit("."), lit("_"), lit("~"))
	subDelims  = char(oneOf("!$&'()*+,;="))
)

func init() {
	uriReference = alt(uri, relativeRef)
}
