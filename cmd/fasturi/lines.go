package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fasturi/fasturi/internal/logstats"
)

// chunkSize is how much input a worker takes at a time: large enough to
// amortize the hand-offs, small enough that all cores get work early,
// memory stays flat, and a chunk and its records are still in the cache
// when the writer takes them (64 KiB took 5-10% less time than 1 MiB on
// parse -json and -tsv of a 600 MB file, in a quarter of the memory).
const chunkSize = 1 << 16

// A lineFunc appends the record of one input line (without its line ending)
// to dst, and reports whether the line was a valid URI.
type lineFunc func(dst, line []byte) ([]byte, bool)

// A longFunc appends the record of a line longer than -max-line, an
// invalid one, to dst: head is the line's first -max-line bytes, all of it
// that is read whole, and the error, "line too long", is at the offset
// len(head), where the line goes on.
type longFunc func(dst, head []byte) []byte

// msgLineTooLong is the error of a line longer than -max-line.
const msgLineTooLong = logstats.MsgLineTooLong

// A chunk is a run of whole lines and, once a worker is done with it, their
// records.
type chunk struct {
	in      []byte
	out     []byte
	lines   int
	valid   int
	long    int // lines longer than maxLine
	done    chan struct{}
	readErr error // set on the last chunk of a file that failed to read
	// cut is set when in is the head of one line longer than maxLine
	// (see readFile), and counts the bytes of the line and its ending
	// that were read past the head and let go.
	cut int64
	// name is the input's name, "-" for standard input, on the first
	// chunk of each input, which every input has (if empty); else "".
	name string
}

// A chunk keeps its buffers for reuse up to these capacities: input of
// chunkSize and the records of maxChunkLines lines in any format fit (a
// JSON record is a few hundred bytes more than its line), while the
// buffers that a line of megabytes grew are dropped once it is written, so
// that such a line costs memory only while it is in flight.
const (
	maxKeepIn  = 2 * chunkSize
	maxKeepOut = 16 << 20
)

// reset empties c for reuse, keeping its buffers unless they grew large.
func (c *chunk) reset() {
	in, out := c.in[:0], c.out[:0]
	if cap(in) > maxKeepIn {
		in = nil
	}
	if cap(out) > maxKeepOut {
		out = nil
	}
	*c = chunk{in: in, out: out, done: c.done}
}

// totals are what the summary reports.
type totals struct {
	lines, valid int64
	long         int64 // lines longer than -max-line
	bytes        int64
	failed       bool // an input could not be opened or read
	// longLeftOut says that the records of the long lines cannot say so
	// (extract's), which makes them a failure, as a read error is.
	longLeftOut bool
}

// processor runs a lineFunc over inputs on all cores and writes the
// records in input order.
type processor struct {
	fn lineFunc
	// startInput, when set, is called with the name of each input ("-" for
	// standard input) before the records of its lines are written.
	startInput func(name string)
	// newFn, when set, replaces fn and long: each worker calls it once
	// for functions of its own, which may then keep state without locking
	// (stats counts in one table per worker and merges them at the end).
	newFn func() (lineFunc, longFunc)
	// maxLine, when above 0, bounds the bytes of a line that are read
	// whole: a longer line's record is long's (see readFile).
	maxLine  int
	long     longFunc
	out      io.Writer
	stderr   io.Writer
	progress bool  // show a progress line on stderr
	total    int64 // the input's size when known (regular files), for the progress line; else 0

	pending chan *chunk // in input order, for the writer
	work    chan *chunk // for the workers
	free    chan *chunk // chunks to reuse, which bounds memory
	bytes   atomic.Int64
	lines   atomic.Int64
}

// inFlight is how many chunks may be read ahead of the writer.
func inFlight() int { return 2*runtime.GOMAXPROCS(0) + 2 }

// process reads each named file in turn (standard input for "-"), and
// writes the records. It returns the totals and the first write error.
func (p *processor) process(names []string, stdin io.Reader) (totals, error) {
	n := inFlight()
	p.pending = make(chan *chunk, n)
	p.work = make(chan *chunk, n)
	p.free = make(chan *chunk, n)
	for range n {
		p.free <- &chunk{done: make(chan struct{}, 1)}
	}
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		fn, long := p.fn, p.long
		if p.newFn != nil {
			fn, long = p.newFn()
		}
		go func() {
			defer wg.Done()
			for c := range p.work {
				p.runChunk(c, fn, long)
				c.done <- struct{}{}
			}
		}()
	}
	stop := make(chan struct{})
	var readFailed bool // written before pending closes, so read after
	go func() {
		readFailed = p.readAll(names, stdin, stop)
		close(p.work)
		close(p.pending)
	}()
	progressDone := make(chan struct{})
	if p.progress {
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		go func() {
			p.showProgress(t.C, stop)
			close(progressDone)
		}()
	} else {
		close(progressDone)
	}

	var tot totals
	var werr error
	fail := func(err error) {
		if werr == nil && err != nil {
			werr = err
			close(stop) // the reader stops at its next chunk
		}
	}
	for werr == nil {
		c, ok := p.next(fail)
		if !ok {
			break
		}
		if c.name != "" && p.startInput != nil {
			p.startInput(c.name)
		}
		_, err := p.out.Write(c.out)
		fail(err)
		tot.lines += int64(c.lines)
		tot.valid += int64(c.valid)
		tot.long += int64(c.long)
		tot.bytes += int64(len(c.in)) + c.cut
		p.lines.Add(int64(c.lines))
		if c.readErr != nil {
			clear := ""
			if p.progress {
				clear = "\r\033[K" // the progress line's row, which the next tick takes below
			}
			fmt.Fprintf(p.stderr, "%sfasturi: %v\n", clear, c.readErr)
		}
		c.reset()
		p.free <- c
	}
	if werr == nil {
		wg.Wait()
		close(stop)
		tot.failed = readFailed
	}
	// After a write error, the records can go nowhere: the command ends
	// without waiting for more input, which may be long in coming (tail -f
	// into a full disk). The reader stops when it next needs a chunk, and
	// the workers once it has; read errors after the write error go
	// unreported.
	<-progressDone
	if p.progress {
		fmt.Fprint(p.stderr, "\r\033[K")
	}
	return tot, werr
}

// next returns the next chunk in input order once its records are ready,
// or false after the last. Before it waits for one, it flushes the output,
// so that the records of lines that came through a slow pipe (tail -f) are
// not held back in a buffer until more lines come; when that fails, it
// reports the error to fail and returns false at once.
func (p *processor) next(fail func(error)) (*chunk, bool) {
	var c *chunk
	var ok bool
	select {
	case c, ok = <-p.pending:
	default:
		if !p.flush(fail) {
			return nil, false
		}
		c, ok = <-p.pending
	}
	if !ok {
		return nil, false
	}
	select {
	case <-c.done:
	default:
		if !p.flush(fail) {
			return nil, false
		}
		<-c.done
	}
	return c, true
}

// flush flushes the output when it is buffered, and reports whether that
// went well; an error goes to fail.
func (p *processor) flush(fail func(error)) bool {
	if f, ok := p.out.(interface{ Flush() error }); ok {
		if err := f.Flush(); err != nil {
			fail(err)
			return false
		}
	}
	return true
}

// readAll feeds the chunks of every input to the workers and the writer, and
// reports whether any input failed to open or read.
func (p *processor) readAll(names []string, stdin io.Reader, stop <-chan struct{}) (failed bool) {
	for _, name := range names {
		select {
		case <-stop:
			return failed // the writer has stopped: open nothing more, which may block (a FIFO)
		default:
		}
		err := p.readNamed(name, stdin, stop)
		if errors.Is(err, errStopped) {
			return failed
		}
		if err != nil {
			failed = true
			// The message travels with the chunks, so that it is printed
			// in order with the records around it.
			var c *chunk
			select {
			case c = <-p.free:
			case <-stop:
				return failed // the writer has stopped: no chunk comes back
			}
			c.readErr = err
			p.send(c)
		}
	}
	return failed
}

func (p *processor) readNamed(name string, stdin io.Reader, stop <-chan struct{}) error {
	if name == "-" {
		r, err := sniffGzip(causeReader{countingReader{stdin, &p.bytes}})
		if err == nil {
			err = p.readFile(r, name, stop)
		}
		if err == nil || errors.Is(err, errStopped) {
			return err
		}
		return fmt.Errorf("read standard input: %w", err)
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	var r io.Reader = countingReader{f, &p.bytes}
	if isGzip(f) {
		// Every member, as concatenated .gz files hold several.
		var zr *gzip.Reader
		if zr, err = gzip.NewReader(r); err == nil {
			defer zr.Close()
			r = zr
		}
	}
	if err == nil {
		err = p.readFile(r, name, stop)
	}
	// A *fs.PathError names the file already ("read NAME: is a directory").
	var pathErr *fs.PathError
	if err != nil && !errors.Is(err, errStopped) && !errors.As(err, &pathErr) {
		return fmt.Errorf("read %s: %w", name, err)
	}
	return err
}

// A causeReader reads r, with the cause of a *fs.PathError in place of
// the error, which names /dev/stdin or nothing useful: the message then
// says "read standard input: input/output error", and what readFile adds
// to it (the unfinished line it left out) stays.
type causeReader struct{ r io.Reader }

func (c causeReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	if pathErr := (*fs.PathError)(nil); errors.As(err, &pathErr) {
		err = pathErr.Err
	}
	return n, err
}

// send hands c to the workers and, in input order, to the writer.
func (p *processor) send(c *chunk) {
	p.work <- c
	p.pending <- c
}

var errStopped = errors.New("stopped")

var bom = []byte("\xef\xbb\xbf")

// readFile cuts r into chunks of whole lines and sends them. A chunk is
// sent as soon as a read brings a line ending, so that a slow pipe's lines
// are not held back; a line longer than a chunk grows the chunk; a chunk
// holds at most maxChunkLines lines; a last line without a line ending is
// still a line, but not the unfinished one that a read error cuts short.
//
// A line that grows past maxLine is held no further: its first maxLine
// bytes go alone in a chunk, as its head, and the rest is read up to the
// line ending and let go, so that a line without end (a log's hole of NUL
// bytes, /dev/zero) costs the memory of a line of maxLine bytes.
func (p *processor) readFile(r io.Reader, name string, stop <-chan struct{}) error {
	var carry []byte // what the previous chunk left: the start of a line, or whole lines too
	carryLines := false
	first := true
	var err error       // the error that ended the reading, io.EOF at the end
	dropped := int64(0) // the bytes of the line that a read error cut short
	var skip []byte     // where the rest of a line past maxLine is read
	for {
		var c *chunk
		select {
		case c = <-p.free:
		case <-stop:
			return errStopped
		}
		buf := c.in[:0]
		if cap(buf) < chunkSize {
			buf = make([]byte, 0, chunkSize)
		}
		buf = append(buf, carry...)
		carry = carry[:0]
		if cap(carry) > maxKeepIn {
			carry = nil // the start of a long line
		}
		// Whole lines left over are sent without waiting for more input.
		long := false
		for err == nil && !carryLines {
			// buf holds no line ending here: it is all the start of one
			// line. The slack leaves room for a byte order mark and a
			// '\r' before the line ending, so that the line is longer
			// than maxLine without them.
			if p.maxLine > 0 && len(buf)-len(bom)-1 > p.maxLine { // not maxLine+..., which may wrap
				long = true
				break
			}
			if len(buf) == cap(buf) {
				buf = append(buf, 0)[:len(buf)] // grow for a long line
			}
			// At most a chunk at a time: the room a long line grew would
			// otherwise take in megabytes of the lines after it, which
			// every chunk cut from them would copy on as its carry.
			var n int
			n, err = r.Read(buf[len(buf):min(cap(buf), len(buf)+chunkSize)])
			buf = buf[:len(buf)+n]
			if bytes.IndexByte(buf[len(buf)-n:], '\n') >= 0 {
				break
			}
		}
		if first {
			// A byte order mark is not part of the first line. The first
			// chunk holds at least the whole first line, or the head of a
			// long one, so all of the mark.
			buf = bytes.TrimPrefix(buf, bom)
			first = false
			c.name = name
		}
		if long {
			if skip == nil {
				skip = make([]byte, chunkSize)
			}
			var cut int64
			var ended bool
			cut, ended, err = skipLine(r, skip, &carry)
			carryLines = bytes.IndexByte(carry, '\n') >= 0
			if ended || err == io.EOF {
				c.in, c.cut = buf[:p.maxLine], int64(len(buf)-p.maxLine)+cut
			} else {
				// A read error cut the line short: no line of the input.
				c.in = buf[:0]
				dropped += int64(len(buf)) + cut
			}
		} else {
			cut, keep := len(buf), len(buf)
			if err != io.EOF {
				// What follows the last line ending is the start of a
				// line that the next read goes on with; after a read
				// error, of one that never ends, which is no line of the
				// input.
				cut = bytes.LastIndexByte(buf, '\n') + 1
				if err != nil {
					keep = cut
					dropped += int64(len(buf) - cut)
				}
			}
			lines := cutLines(buf[:cut], maxChunkLines)
			carryLines = lines < cut
			carry = append(carry, buf[lines:keep]...)
			c.in = buf[:lines]
		}
		p.send(c)
		if err != nil && len(carry) == 0 {
			switch {
			case err == io.EOF:
				return nil
			case dropped > 0:
				return fmt.Errorf("%w; an unfinished last line (%d %s) is left out", err, dropped, plural(dropped, "byte", "bytes"))
			}
			return err
		}
	}
}

// skipLine reads r through skip up to the next line ending, and returns
// how many bytes it read up to and with that ending, whether it came
// (false at the end of r, or on a read error), and the error that ended
// the reading, if any. What it read after the line ending goes in carry.
func skipLine(r io.Reader, skip []byte, carry *[]byte) (n int64, ended bool, err error) {
	for err == nil {
		var m int
		m, err = r.Read(skip)
		if i := bytes.IndexByte(skip[:m], '\n'); i >= 0 {
			*carry = append((*carry)[:0], skip[i+1:m]...)
			return n + int64(i+1), true, err
		}
		n += int64(m)
	}
	return n, false, err
}

// maxChunkLines bounds the lines of a chunk, and so the size of its
// records: a chunk of empty or very short lines would otherwise give a
// hundred times its size in JSON.
const maxChunkLines = 1 << 13

// cutLines returns the length of the first max lines of b, or len(b) when b
// has no more than max line endings.
func cutLines(b []byte, max int) int {
	if len(b) <= max || bytes.Count(b, []byte{'\n'}) <= max {
		return len(b)
	}
	n := 0
	for range max {
		n += bytes.IndexByte(b[n:], '\n') + 1
	}
	return n
}

// runChunk formats the records of the lines of c with fn, and with long
// those of lines longer than p.maxLine.
func (p *processor) runChunk(c *chunk, fn lineFunc, long longFunc) {
	if c.cut > 0 {
		c.out = append(long(c.out, c.in), '\n')
		c.lines, c.valid, c.long = 1, 0, 1
		return
	}
	in, out := c.in, c.out
	lines, valid, longLines := 0, 0, 0
	for len(in) > 0 {
		line := in
		if i := bytes.IndexByte(in, '\n'); i >= 0 {
			line, in = in[:i], in[i+1:]
			if i > 0 && line[i-1] == '\r' {
				line = line[:i-1] // "\r\n"; a '\r' alone, even last, is data
			}
		} else {
			in = nil
		}
		lines++
		if p.maxLine > 0 && len(line) > p.maxLine {
			// A line that came whole in a read, as a short -max-line
			// lets a line do: its record is a long line's all the same.
			out = append(long(out, line[:p.maxLine]), '\n')
			longLines++
			continue
		}
		var ok bool
		out, ok = fn(out, line)
		out = append(out, '\n')
		if ok {
			valid++
		}
	}
	c.out, c.lines, c.valid, c.long = out, lines, valid, longLines
}
