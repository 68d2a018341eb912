package gitstore

import (
	"bufio"
	"compress/zlib"
	"io"
	"sync"
)

// inflater is a zlib reader and the buffered reader under it, kept for
// reuse: each costs tens of kilobytes of tables and buffers, and a staged
// run inflates an object per tree, blob and commit it reads.
type inflater struct {
	src *bufio.Reader
	z   io.ReadCloser
}

var inflaters sync.Pool

// newInflater returns a zlib reader over r; release it with put.
func newInflater(r io.Reader) (*inflater, error) {
	in, _ := inflaters.Get().(*inflater)
	if in == nil {
		in = &inflater{src: bufio.NewReaderSize(r, 4096)}
	} else {
		in.src.Reset(r)
	}
	if in.z == nil {
		z, err := zlib.NewReader(in.src)
		if err != nil {
			return nil, err
		}
		in.z = z
		return in, nil
	}
	if err := in.z.(zlib.Resetter).Reset(in.src, nil); err != nil {
		return nil, err
	}
	return in, nil
}

func (in *inflater) Read(p []byte) (int, error) { return in.z.Read(p) }

// put returns the reader to the pool.
func (in *inflater) put() {
	in.src.Reset(nil)
	inflaters.Put(in)
}
