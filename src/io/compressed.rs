//! Compressed input, as game databases are published: lichess's monthly files are
//! `.pgn.zst`, older collections `.pgn.gz` and `.pgn.bz2`. A stream is recognised by its
//! first bytes, not by its name, so standard input and files without the usual suffix work
//! too; it is decompressed on a thread of its own, so that the reader that validates the games
//! only copies bytes (a core's worth of validation is not slowed by the decoder).

use std::io::{self, Cursor, Read};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
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
const MAX_ZSTD_WINDOW: u32 = 1 << 27;

/// Bytes handed from the decoding thread to the reader at a time.
const CHUNK: usize = 1 << 18;

/// Chunks the decoding thread may be ahead of the reader (bounded memory: 4 × 256 KiB).
const CHUNKS_AHEAD: usize = 4;

/// `input`, decompressed when its first bytes say it is compressed (as it is otherwise), and
/// the compression found. Reading the first bytes is the only I/O done here. The decoding
/// runs in the reader's own reads: one thread, and the least CPU time (a thread of its own
/// costs 5% more in all, in handing chunks over and in reading them on another core; see
/// `decompressing_ahead`).
pub fn decompressing(
    input: Box<dyn Read + Send>,
) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    decoded(input, false)
}

/// `decompressing`, the decoding on a thread of its own that keeps a few chunks ahead of the
/// reader: for a reader with a core to spare, whose wall time is then the plain file's.
pub fn decompressing_ahead(
    input: Box<dyn Read + Send>,
) -> io::Result<(Box<dyn Read + Send>, Compression)> {
    decoded(input, true)
}

fn decoded(
    mut input: Box<dyn Read + Send>,
    ahead: bool,
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
        Compression::Zstd => zstd_frames(Box::new(whole))?,
    };
    if ahead {
        Ok((Box::new(on_own_thread(decoded, kind)), kind))
    } else {
        Ok((
            Box::new(NamedErrors {
                decoder: decoded,
                kind,
            }),
            kind,
        ))
    }
}

/// A decoder read in line, its errors named after the format as `on_own_thread` names them.
struct NamedErrors {
    decoder: Box<dyn Read + Send>,
    kind: Compression,
}

impl Read for NamedErrors {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.decoder.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::Interrupted {
                e
            } else {
                io::Error::other(format!("{}: {e}", self.kind.name()))
            }
        })
    }
}

/// Reads `decoder` on a thread of its own; the reader gets its bytes in chunks, and gives each
/// chunk's buffer back for the next (instead of a new zeroed 256 KiB, faulted in, per chunk). A decoding error reaches the reader after the
/// bytes before it, as an error of kind `Other` named after the format (`zstd: …`): a stream
/// that cannot be read, not a verdict on its games.
fn on_own_thread(mut decoder: Box<dyn Read + Send>, kind: Compression) -> ChunkReader {
    let (send, chunks) = sync_channel::<io::Result<Vec<u8>>>(CHUNKS_AHEAD);
    // The reader holds a chunk while the decoder fills up to CHUNKS_AHEAD + 1 more.
    let (give_back, spares) = sync_channel::<Vec<u8>>(CHUNKS_AHEAD + 2);
    thread::spawn(move || loop {
        let mut chunk = spares.try_recv().unwrap_or_else(|_| vec![0u8; CHUNK]);
        chunk.resize(CHUNK, 0);
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
        give_back,
        current: Cursor::new(Vec::new()),
    }
}

/// The reader's end of [`on_own_thread`].
struct ChunkReader {
    chunks: Receiver<io::Result<Vec<u8>>>,
    give_back: SyncSender<Vec<u8>>,
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
                Ok(Ok(chunk)) => {
                    let done = std::mem::replace(&mut self.current, Cursor::new(chunk));
                    // A full return channel or a finished decoder: the buffer is dropped.
                    let _ = self.give_back.try_send(done.into_inner());
                }
                Ok(Err(e)) => return Err(e),
                Err(_) => return Ok(0), // The decoder finished.
            }
        }
    }
}

/// Zstandard frames one after another, as `zstd` writes concatenated or multi-frame files
/// (libzstd's streaming decoder goes on past a frame's end by itself; skippable frames are
/// passed over). A frame asking for a window beyond [`MAX_ZSTD_WINDOW`] is an error.
fn zstd_frames(source: Box<dyn Read + Send>) -> io::Result<Box<dyn Read + Send>> {
    let mut decoder = zstd::stream::read::Decoder::new(source)?;
    decoder.window_log_max(MAX_ZSTD_WINDOW.trailing_zeros())?;
    Ok(Box::new(decoder))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    const TEXT: &[u8] = b"[Event \"a\"]\n\n1. e4 e5 *\n";

    type Opener = fn(Box<dyn Read + Send>) -> io::Result<(Box<dyn Read + Send>, Compression)>;

    /// Decoding in the reader's reads and on a thread of its own.
    const OPENERS: [Opener; 2] = [decompressing, decompressing_ahead];

    /// The text `bytes` decompress to, the same both ways.
    fn read_all(bytes: Vec<u8>) -> (Vec<u8>, Compression) {
        let [inline, ahead] = OPENERS.map(|open| {
            let (mut reader, kind) = open(Box::new(Cursor::new(bytes.clone()))).expect("opens");
            let mut out = Vec::new();
            reader.read_to_end(&mut out).expect("reads");
            (out, kind)
        });
        assert_eq!(inline, ahead);
        inline
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
            zst.extend(zstd::encode_all(TEXT, 1).expect("compressed"));
        }
        let (out, kind) = read_all(zst);
        assert_eq!(kind, Compression::Zstd);
        assert_eq!(out, [TEXT, TEXT, TEXT].concat());
    }

    /// A frame of one raw block holding `a`, whose header asks for a window of 2^`log` bytes.
    fn frame_asking_for_window(log: u32) -> Vec<u8> {
        let exponent = (log - 10) as u8;
        vec![
            0x28,
            0xb5,
            0x2f,
            0xfd,
            0x00,
            exponent << 3,
            0x09,
            0x00,
            0x00,
            b'a',
        ]
    }

    #[test]
    fn a_zstd_window_past_the_limit_is_an_error_not_an_allocation() {
        let limit = MAX_ZSTD_WINDOW.trailing_zeros();
        let (out, _) = read_all(frame_asking_for_window(limit));
        assert_eq!(out, b"a");
        for open in OPENERS {
            let (mut reader, _) =
                open(Box::new(Cursor::new(frame_asking_for_window(limit + 1)))).expect("opens");
            let err = reader.read_to_end(&mut Vec::new()).expect_err("refused");
            assert!(err.to_string().starts_with("zstd: "), "{err}");
        }
    }

    #[test]
    fn a_broken_stream_is_an_error_not_a_panic() {
        for head in [
            vec![0x1f, 0x8b, 0, 1, 2, 3],
            b"BZh9garbage".to_vec(),
            vec![0x28, 0xb5, 0x2f, 0xfd, 0xff, 0xff, 0xff],
        ] {
            for open in OPENERS {
                let (mut reader, _) = open(Box::new(Cursor::new(head.clone()))).expect("opens");
                let mut out = Vec::new();
                assert!(reader.read_to_end(&mut out).is_err());
            }
        }
    }
}
