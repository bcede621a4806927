package gametable

import (
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// zstdSmallWindow is the window of the encoders that compress the pages
// shorter than it: nearly all of them, as the writer cuts its pages at
// some 256 KiB.
const zstdSmallWindow = 1 << 20

// pageZstd is the table's zstd codec. It writes the bytes parquet.Zstd
// writes, but compresses a page shorter than zstdSmallWindow with an
// encoder of that window, where parquet.Zstd's has zstd's default of
// 8 MiB: an encoder holds twice its window, and the writer's encoders
// are made again after each collection (a pool), so the default's were
// a large part of the heap. A frame's bytes do not depend on the window
// when the input is shorter than it (the frame is one segment, its
// declared window the input's length rounded up, and no match reaches
// further back than the input's start); TestPageZstdSameBytes checks it.
// The larger pages take an encoder of the default window, as before.
var pageZstd = &zstdCodec{}

type zstdCodec struct{ small, large sync.Pool }

func (c *zstdCodec) String() string { return parquet.Zstd.String() }

func (c *zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

func (c *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	pool := &c.large
	opts := []zstd.EOption{
		zstd.WithEncoderConcurrency(1),
		zstd.WithEncoderLevel(zstd.SpeedDefault),
		zstd.WithZeroFrames(true),
		zstd.WithEncoderCRC(false),
	}
	if len(src) < zstdSmallWindow {
		pool = &c.small
		opts = append(opts, zstd.WithWindowSize(zstdSmallWindow))
	}
	e, _ := pool.Get().(*zstd.Encoder)
	if e == nil {
		var err error
		if e, err = zstd.NewWriter(nil, opts...); err != nil {
			return nil, err
		}
	}
	defer pool.Put(e)
	return e.EncodeAll(src, dst[:0]), nil
}

func (c *zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	return parquet.Zstd.Decode(dst, src)
}
