//! Compressed input, as game databases are published: lichess's monthly files are
//! `.pgn.zst`, older collections `.pgn.gz` and `.pgn.bz2`. A stream is recognised by its
//! first bytes, not by its name, so standard input and files without the usual suffix work
//! too; it is decompressed on a thread of its own, so that the reader that validates the games
//! only copies bytes (a core's worth of validation is not slowed by the decoder).

use std::io::{self, Cursor, Read};
use std::sync::mpsc::{sync_channel, Receiver};
use std::thread;

/// How a stream is compressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed (or in a format not recognised: read as it is).
    None,
    /// gzip (`.gz`), one member or several.
    Gzip,
    /// bzip2 (`.bz2`), one stream or several.
    Bzip2,
    /// Zstandard (`.zst`), one frame or several.
    Zstd,
}

impl Compression {
    /// The format whose magic number `head` starts with.
    pub fn sniff(head: &[u8]) -> Compression {
        match head {
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [b'B', b'Z', b'h', ..] => Compression::Bzip2,
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            _ => Compression::None,
        }
    }

    /// The format's name, as a suffix says it.
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "plain",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
            Compression::Zstd => "zstd",
        }
    }
}

/// The largest Zstandard window a frame may ask for: 128 MiB, what `zstd --long` writes at
/// most by default. A frame asking for more is an error, not an allocation.
const MAX_ZSTD_WINDOW: u64 = 1 << 27;

/// Bytes handed from the decoding thread to the reader at a time.
const CHUNK: usize = 1 << 18;

/// Chunks the decoding thread may be ahead of the reader (bounded memory: 4 × 256 KiB).
const CHUNKS_AHEAD: usize = 4;

/// `input`, decompressed when its first bytes say it is compressed (as it is otherwise), and
/// the compression found. Reading the first bytes is the only I/O done here.
pub fn decompressing(
    mut input: Box<dyn Read + Send>,
) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    let mut head = Vec::with_capacity(4);
    while head.len() < 4 {
        let mut byte = [0u8; 4];
        let want = 4 - head.len();
        match input.read(&mut byte[..want]) {
            Ok(0) => break,
            Ok(n) => head.extend_from_slice(&byte[..n]),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let kind = Compression::sniff(&head);
    let whole = Cursor::new(head).chain(input);
    let decoded: Box<dyn Read + Send> = match kind {
        Compression::None => return Ok((Box::new(whole), kind)),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(whole)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(whole)),
        Compression::Zstd => Box::new(ZstdFrames::new(Box::new(whole))),
    };
    Ok((Box::new(on_own_thread(decoded, kind)), kind))
}

/// Reads `decoder` on a thread of its own; the reader gets its bytes in chunks. A decoding
/// error reaches the reader after the bytes before it, as an error of kind `Other` named
/// after the format (`zstd: …`): a stream that cannot be read, not a verdict on its games.
fn on_own_thread(mut decoder: Box<dyn Read + Send>, kind: Compression) -> ChunkReader {
    let (send, chunks) = sync_channel::<io::Result<Vec<u8>>>(CHUNKS_AHEAD);
    thread::spawn(move || loop {
        let mut chunk = vec![0u8; CHUNK];
        let mut filled = 0;
        let result = loop {
            match decoder.read(&mut chunk[filled..]) {
                Ok(0) => break Ok(()),
                Ok(n) => {
                    filled += n;
                    if filled == chunk.len() {
                        break Ok(());
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => break Err(e),
            }
        };
        chunk.truncate(filled);
        let done = filled == 0 || result.is_err();
        if filled > 0 && send.send(Ok(chunk)).is_err() {
            return; // The reader is gone.
        }
        if let Err(e) = result {
            let _ = send.send(Err(io::Error::other(format!("{}: {e}", kind.name()))));
        }
        if done {
            return; // The end (the channel's close says so) or an error.
        }
    });
    ChunkReader {
        chunks,
        current: Cursor::new(Vec::new()),
    }
}

/// The reader's end of [`on_own_thread`].
struct ChunkReader {
    chunks: Receiver<io::Result<Vec<u8>>>,
    current: Cursor<Vec<u8>>,
}

impl Read for ChunkReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = self.current.read(buf)?;
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            match self.chunks.recv() {
                Ok(Ok(chunk)) => self.current = Cursor::new(chunk),
                Ok(Err(e)) => return Err(e),
                Err(_) => return Ok(0), // The decoder finished.
            }
        }
    }
}

/// A source with one byte read ahead and given back (to see whether another frame follows).
struct Source {
    pending: Option<u8>,
    inner: Box<dyn Read + Send>,
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match (self.pending.take(), buf.first_mut()) {
            (Some(byte), Some(first)) => {
                *first = byte;
                Ok(1)
            }
            (pending, _) => {
                self.pending = pending;
                self.inner.read(buf)
            }
        }
    }
}

type Frame = ruzstd::decoding::StreamingDecoder<Source, ruzstd::decoding::FrameDecoder>;

/// Zstandard frames one after another, as `zstd` writes concatenated or multi-frame files.
enum ZstdFrames {
    /// Between frames: the source, at the next frame or the end.
    Between(Source),
    /// Inside a frame.
    In(Box<Frame>),
    /// After the end or an error.
    Done,
}

impl ZstdFrames {
    fn new(source: Box<dyn Read + Send>) -> ZstdFrames {
        ZstdFrames::Between(Source {
            pending: None,
            inner: source,
        })
    }
}

fn invalid(e: impl std::fmt::Display) -> io::Error {
    io::Error::other(e.to_string())
}

impl Read for ZstdFrames {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            match std::mem::replace(self, ZstdFrames::Done) {
                ZstdFrames::Done => return Ok(0),
                ZstdFrames::In(mut frame) => {
                    let n = frame.read(buf)?;
                    if n > 0 || buf.is_empty() {
                        *self = ZstdFrames::In(frame);
                        return Ok(n);
                    }
                    *self = ZstdFrames::Between(frame.into_inner());
                }
                ZstdFrames::Between(mut source) => {
                    let mut byte = [0u8; 1];
                    let n = loop {
                        match source.read(&mut byte) {
                            Ok(n) => break n,
                            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                            Err(e) => return Err(e),
                        }
                    };
                    if n == 0 {
                        return Ok(0);
                    }
                    source.pending = Some(byte[0]);
                    let frame = Frame::new_with_max_window_size(source, MAX_ZSTD_WINDOW)
                        .map_err(invalid)?;
                    *self = ZstdFrames::In(Box::new(frame));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const TEXT: &[u8] = b"[Event \"a\"]\n\n1. e4 e5 *\n";

    fn read_all(bytes: Vec<u8>) -> (Vec<u8>, Compression) {
        let (mut reader, kind) = decompressing(Box::new(Cursor::new(bytes))).expect("opens");
        let mut out = Vec::new();
        reader.read_to_end(&mut out).expect("reads");
        (out, kind)
    }

    #[test]
    fn plain_text_passes_through_whatever_its_length() {
        for len in 0..TEXT.len() {
            let (out, kind) = read_all(TEXT[..len].to_vec());
            assert_eq!((out.as_slice(), kind), (&TEXT[..len], Compression::None));
        }
    }

    #[test]
    fn gzip_and_bzip2_with_several_members_read_whole() {
        let mut gz = Vec::new();
        for _ in 0..2 {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(TEXT).expect("written");
            gz.extend(e.finish().expect("finished"));
        }
        let (out, kind) = read_all(gz);
        assert_eq!(kind, Compression::Gzip);
        assert_eq!(out, [TEXT, TEXT].concat());
        let mut bz = Vec::new();
        for _ in 0..2 {
            let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            e.write_all(TEXT).expect("written");
            bz.extend(e.finish().expect("finished"));
        }
        let (out, kind) = read_all(bz);
        assert_eq!(kind, Compression::Bzip2);
        assert_eq!(out, [TEXT, TEXT].concat());
    }

    #[test]
    fn zstd_frames_one_after_another_read_whole() {
        let mut zst = Vec::new();
        for _ in 0..3 {
            zst.extend(ruzstd::encoding::compress_to_vec(
                TEXT,
                ruzstd::encoding::CompressionLevel::Fastest,
            ));
        }
        let (out, kind) = read_all(zst);
        assert_eq!(kind, Compression::Zstd);
        assert_eq!(out, [TEXT, TEXT, TEXT].concat());
    }

    #[test]
    fn a_broken_stream_is_an_error_not_a_panic() {
        for head in [
            vec![0x1f, 0x8b, 0, 1, 2, 3],
            b"BZh9garbage".to_vec(),
            vec![0x28, 0xb5, 0x2f, 0xfd, 0xff, 0xff, 0xff],
        ] {
            let (mut reader, _) = decompressing(Box::new(Cursor::new(head))).expect("opens");
            let mut out = Vec::new();
            assert!(reader.read_to_end(&mut out).is_err());
        }
    }
}
