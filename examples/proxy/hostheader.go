package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/textproto"
	"strings"
	"sync"
)

// net/http's server removes the Host header field from Request.Header, and
// for an absolute-form target sets Request.Host to the target's authority
// (RFC 9112 section 3.2.2 has a server ignore the header then). A handler
// never sees the header of such a request, which -refuse-host-mismatch
// compares with the target; http.ReadRequest drops it too. So, with that
// flag, the listener tees the bytes that the server reads from each
// connection into a second reader, which reads the same stream with
// http.ReadRequest, and the Host header from the bytes of each request's
// head with net/textproto, as ReadRequest does before it drops it. The same
// code frames the bodies on both sides, so both read the same requests in
// the same order, with no second opinion on where one request ends. Each
// handler takes the header of its request from the connection's queue, and
// checks that the request line matches its own.

// A hostHeader is the Host header field of a request as it came.
type hostHeader struct {
	value   string
	present bool // the request had one
	known   bool // the header was read; false when the reader failed
}

// headerListener is a listener whose connections keep the Host headers of
// their requests for the handler (see headerConn).
type headerListener struct{ net.Listener }

func (l headerListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	hc := &headerConn{Conn: c, tee: newTeeBuffer(), heads: &headQueue{signal: make(chan struct{}, 1)}}
	go hc.heads.read(hc.tee)
	return hc, nil
}

// headerConn is a connection that writes what it reads into tee, which
// heads reads requests from.
type headerConn struct {
	net.Conn
	tee   *teeBuffer
	heads *headQueue
}

// Read reads from the connection, and returns once tee holds the bytes
// too, so that a request's head is in the queue, or on its way, before the
// server can parse it. The server reads a connection from one goroutine at
// a time, so writes to tee keep the order of the stream.
func (c *headerConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	if n > 0 {
		// An error means the reader has stopped, and the queue says so.
		c.tee.Write(p[:n])
	}
	if err == io.EOF {
		// Timeouts are not the end: the server sets a past deadline to
		// stop a read it no longer needs, and reads on after it.
		c.tee.Close()
	}
	return n, err
}

func (c *headerConn) Close() error {
	c.tee.Close()
	return c.Conn.Close()
}

// connKey is the context key of a request's *headerConn.
type connKey struct{}

// withHeaderConn is a Server.ConnContext that puts c, when it is a
// *headerConn, in the context of the requests it carries.
func withHeaderConn(ctx context.Context, c net.Conn) context.Context {
	if hc, ok := c.(*headerConn); ok {
		return context.WithValue(ctx, connKey{}, hc)
	}
	return ctx
}

// takeHostHeader returns the Host header of r, which must be served from a
// headerListener. Every request on such a connection must take its own,
// in order: the server calls the handler once per request read, and a
// request it answers itself (a malformed one) is the connection's last.
func takeHostHeader(r *http.Request) hostHeader {
	hc, ok := r.Context().Value(connKey{}).(*headerConn)
	if !ok {
		return hostHeader{}
	}
	h, ok := hc.heads.next(r.Context())
	if !ok || h.method != r.Method || h.target != r.RequestURI {
		return hostHeader{} // not this request's: trust none
	}
	return h.host
}

// A head is what the queue keeps of a request.
type head struct {
	method, target string
	host           hostHeader
}

// headQueue holds the heads of the requests on one connection that no
// handler has taken yet. Its reader never waits for a handler, so that the
// server never waits for its reader; it holds no more heads than the
// server has read ahead (its buffer's worth), and the reader stops rather
// than hold more than maxQueued, or a head longer than maxHead, or read on
// past a request that asks to switch protocols (after a 101 the
// connection's bytes are no requests, and the server reads none of them).
// A handler then finds no head, and -refuse-host-mismatch refuses an
// absolute-form target: the header could not be read.
type headQueue struct {
	mu     sync.Mutex
	heads  []head
	done   bool
	signal chan struct{} // a head was added, or the reader stopped
}

// Bounds of a headQueue's reader: the heads it queues, and the bytes of a
// head, which the server refuses past its MaxHeaderBytes (and the 4096
// bytes of slack it reads).
const (
	maxQueued = 1024
	maxHead   = http.DefaultMaxHeaderBytes + 4096
)

// errHeadTooLong stops a headQueue's reader at a head longer than maxHead.
var errHeadTooLong = errors.New("request head too long")

// errQueueFull stops a headQueue's reader with maxQueued heads queued.
var errQueueFull = errors.New("too many request heads read ahead")

// errUpgrade stops a headQueue's reader after a request to switch
// protocols.
var errUpgrade = errors.New("the connection asks to switch protocols")

// read reads requests from r, as net/http's server reads them from the
// connection, and queues their heads until r ends or holds something
// that is not a request, or a bound of the queue stops it.
func (q *headQueue) read(r *teeBuffer) {
	defer q.stop()
	rec := &recorder{r: r}
	br := bufio.NewReader(rec)
	var fields fieldReader
	afterPOST := false
	for {
		if afterPOST {
			// As the server does: it skips up to four CR or LF bytes after
			// a POST, which some old clients send after the body.
			peek, _ := br.Peek(4)
			n := 0
			for n < len(peek) && (peek[n] == '\r' || peek[n] == '\n') {
				n++
			}
			br.Discard(n)
		}
		rec.consumed(br)
		rec.limit = maxHead
		req, err := http.ReadRequest(br)
		rec.limit = 0
		if err != nil {
			r.CloseWithError(err)
			return
		}
		// ReadRequest drops the Host header too, but reads no more of the
		// stream than the head: the header is read again from its bytes,
		// with the same textproto code.
		host, err := fields.host(rec.buf[:len(rec.buf)-br.Buffered()])
		if err != nil {
			r.CloseWithError(err)
			return
		}
		if !q.push(head{method: req.Method, target: req.RequestURI, host: host}) {
			r.CloseWithError(errQueueFull)
			return
		}
		if upgrades(req.Header) {
			r.CloseWithError(errUpgrade)
			return
		}
		afterPOST = req.Method == "POST"
		if err := discard(req.Body, rec, br); err != nil {
			r.CloseWithError(err)
			return
		}
	}
}

// A fieldReader reads header fields from request heads, one after the
// other, with one buffer for them all.
type fieldReader struct {
	head bytes.Reader
	br   *bufio.Reader
}

// host returns the Host header field of the request head h.
func (fr *fieldReader) host(h []byte) (hostHeader, error) {
	fr.head.Reset(h)
	if fr.br == nil {
		fr.br = bufio.NewReader(&fr.head)
	} else {
		fr.br.Reset(&fr.head)
	}
	tp := textproto.NewReader(fr.br)
	if _, err := tp.ReadLine(); err != nil {
		return hostHeader{}, err
	}
	m, err := tp.ReadMIMEHeader()
	if err != nil {
		return hostHeader{}, err
	}
	v := m["Host"]
	if len(v) == 0 {
		return hostHeader{known: true}, nil
	}
	return hostHeader{value: v[0], present: true, known: true}, nil
}

// discard reads body to its end, forgetting what rec keeps of it as it
// goes.
func discard(body io.Reader, rec *recorder, br *bufio.Reader) error {
	var buf [4096]byte
	for {
		_, err := body.Read(buf[:])
		rec.consumed(br)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// upgrades reports whether a request with header h asks to switch
// protocols: an Upgrade field, and "upgrade" among the Connection options,
// as httputil.ReverseProxy reads them.
func upgrades(h http.Header) bool {
	if h.Get("Upgrade") == "" {
		return false
	}
	for _, v := range h["Connection"] {
		for opt := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(textproto.TrimString(opt), "upgrade") {
				return true
			}
		}
	}
	return false
}

// A recorder keeps the bytes read through it, from the start of what br,
// the bufio.Reader that reads it, has not yet returned: at most limit
// bytes, when limit is not 0.
type recorder struct {
	r     io.Reader
	buf   []byte
	limit int
}

func (rc *recorder) Read(p []byte) (int, error) {
	if rc.limit > 0 && len(rc.buf) >= rc.limit {
		return 0, errHeadTooLong
	}
	n, err := rc.r.Read(p)
	rc.buf = append(rc.buf, p[:n]...)
	return n, err
}

// consumed forgets the bytes that br has returned; those it holds stay.
func (rc *recorder) consumed(br *bufio.Reader) {
	n := copy(rc.buf, rc.buf[len(rc.buf)-br.Buffered():])
	rc.buf = rc.buf[:n]
}

// push queues h, or reports false when the queue is full.
func (q *headQueue) push(h head) bool {
	q.mu.Lock()
	full := len(q.heads) >= maxQueued
	if !full {
		q.heads = append(q.heads, h)
	}
	q.mu.Unlock()
	q.notify()
	return !full
}

func (q *headQueue) stop() {
	q.mu.Lock()
	q.done = true
	q.mu.Unlock()
	q.notify()
}

func (q *headQueue) notify() {
	select {
	case q.signal <- struct{}{}:
	default: // one pending signal wakes the one waiter
	}
}

// next returns the oldest head in the queue, waiting for it if needed;
// false when the reader stopped first, or ctx ended. One handler at a time
// waits: the server serves a connection's requests one after the other.
func (q *headQueue) next(ctx context.Context) (head, bool) {
	for {
		q.mu.Lock()
		if len(q.heads) > 0 {
			h := q.heads[0]
			q.heads = q.heads[1:]
			q.mu.Unlock()
			return h, true
		}
		done := q.done
		q.mu.Unlock()
		if done {
			return head{}, false
		}
		select {
		case <-q.signal:
		case <-ctx.Done():
			return head{}, false
		}
	}
}

// A teeBuffer carries the bytes a connection's server reads to the
// connection's head reader: Write adds them and returns at once, unlike
// an io.Pipe's, which waits for the reader and puts a handoff between
// goroutines on every read of every request. It holds at most teeMax
// bytes, or one write's when that is larger: a Write that would go past
// waits for the reader to catch up, so that a slow reader slows the
// connection rather than growing the buffer. Read takes bytes from the
// front without moving the rest, and a buffer that empties and has grown
// past teeKeep goes, so that an idle connection keeps little.
type teeBuffer struct {
	mu     sync.Mutex
	more   sync.Cond // the buffer changed, or closed
	buf    []byte    // buf[r:] is yet to be read
	r      int
	eof    bool  // the writer is done: Read returns io.EOF once buf is read
	err    error // the reader stopped: Write drops what it is given
	waiter bool  // a Write waits for room
}

// Bounds of a teeBuffer: what it holds before a Write waits (a few of the
// server's reads, of 4 KiB for a head and up to 32 KiB for a body), and
// the capacity it keeps once it is empty.
const (
	teeMax  = 64 << 10
	teeKeep = 8 << 10
)

func newTeeBuffer() *teeBuffer {
	t := &teeBuffer{}
	t.more.L = &t.mu
	return t
}

// Write adds p to the buffer, waiting while it holds bytes and p would
// take it past teeMax; it returns the reader's error once the reader has
// stopped.
func (t *teeBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for held := len(t.buf) - t.r; held > 0 && held+len(p) > teeMax && t.err == nil; held = len(t.buf) - t.r {
		t.waiter = true
		t.more.Wait()
	}
	if t.err != nil {
		return 0, t.err
	}
	if t.r > 0 && len(t.buf)+len(p) > cap(t.buf) {
		// Room at the front: the unread bytes move there, rather than
		// the buffer grow.
		t.buf = t.buf[:copy(t.buf, t.buf[t.r:])]
		t.r = 0
	}
	t.buf = append(t.buf, p...)
	t.more.Broadcast()
	return len(p), nil
}

// Close ends the stream: Read returns io.EOF after the bytes buffered.
func (t *teeBuffer) Close() error {
	t.mu.Lock()
	t.eof = true
	t.more.Broadcast()
	t.mu.Unlock()
	return nil
}

// Read reads what the buffer holds, waiting for bytes or the end.
func (t *teeBuffer) Read(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for t.r == len(t.buf) && !t.eof && t.err == nil {
		t.more.Wait()
	}
	if t.err != nil {
		return 0, t.err
	}
	if t.r == len(t.buf) {
		return 0, io.EOF
	}
	n := copy(p, t.buf[t.r:])
	t.r += n
	if t.r == len(t.buf) {
		t.buf, t.r = t.buf[:0], 0
		if cap(t.buf) > teeKeep {
			t.buf = nil
		}
	}
	if t.waiter {
		t.waiter = false
		t.more.Broadcast()
	}
	return n, nil
}

// CloseWithError stops the reader: Writes after it return err, and drop
// their bytes, and the buffered ones go.
func (t *teeBuffer) CloseWithError(err error) {
	t.mu.Lock()
	t.err, t.buf, t.r = err, nil, 0
	t.more.Broadcast()
	t.mu.Unlock()
}
