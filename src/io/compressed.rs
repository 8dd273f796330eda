//! Compressed input, as game databases are published: lichess's monthly files are
//! `.pgn.zst`, older collections `.pgn.gz` and `.pgn.bz2`. A stream is recognised by its
//! first bytes, not by its name, so standard input and files without the usual suffix work
//! too; it is decompressed on a thread of its own, so that the reader that validates the games
//! only copies bytes (a core's worth of validation is not slowed by the decoder).
//!
//! A damaged stream gives the same bytes before its error however it is read: a decoder that
//! fails in a read loses what it had decoded in that read, so what comes out before the error
//! depends on how much each read asked for and on how the input arrived. Both are fixed here:
//! the decoder is handed its input in full reads (`FullReads`: a pipe's short reads do not
//! reach it) and asked for its output [`STEP`] bytes at a time (`SteadyReads`), whoever reads
//! it and with whatever buffer. So one thread and several, a file and a pipe, print the same
//! games before the same error.

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

/// Bytes a decoder is asked for at a time, whoever reads it (see `SteadyReads`): the PGN
/// lexer's buffer, so one thread reads straight into its own buffer with no copy.
pub const STEP: usize = 64 * 1024;

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
    let decoder: Box<dyn Read + Send> = match kind {
        Compression::None => return Ok((Box::new(whole), kind)),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(FullReads(whole))),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(FullReads(whole))),
        Compression::Zstd => zstd_frames(Box::new(FullReads(whole)))?,
    };
    let decoded = Box::new(SteadyReads::new(decoder));
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

/// A source read in full reads: each read fills the buffer it is given unless the source ends
/// (or fails) first. A pipe hands over what it has when it is asked, so without this a
/// decoder's reads of standard input would differ from run to run, and with them what a
/// damaged stream decodes to before its error.
struct FullReads<R>(R);

impl<R: Read> Read for FullReads<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut filled = 0;
        while filled < buf.len() {
            match self.0.read(&mut buf[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                // What was read is given first; the source fails again at the next read.
                Err(_) if filled > 0 => break,
                Err(e) => return Err(e),
            }
        }
        Ok(filled)
    }
}

/// A decoder asked for exactly [`STEP`] bytes at every read, however large its reader's
/// buffer: a read straight into the reader's buffer when that holds a step, through a step of
/// its own otherwise. A decoder's error loses what it decoded in the read that failed, so
/// reads of one size make the bytes before an error the same for every reader.
struct SteadyReads {
    decoder: Box<dyn Read + Send>,
    /// Decoded bytes not yet handed on (`start..end` of `step`).
    step: Vec<u8>,
    start: usize,
    end: usize,
}

impl SteadyReads {
    fn new(decoder: Box<dyn Read + Send>) -> SteadyReads {
        SteadyReads {
            decoder,
            step: Vec::new(),
            start: 0,
            end: 0,
        }
    }
}

impl Read for SteadyReads {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.start == self.end {
            if buf.len() >= STEP {
                return self.decoder.read(&mut buf[..STEP]);
            }
            if buf.is_empty() {
                return Ok(0);
            }
            self.step.resize(STEP, 0);
            self.end = self.decoder.read(&mut self.step)?;
            self.start = 0;
        }
        let n = buf.len().min(self.end - self.start);
        buf[..n].copy_from_slice(&self.step[self.start..self.start + n]);
        self.start += n;
        Ok(n)
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

    /// A source that hands over at most `sizes[i]` bytes at its i-th read, as a pipe does.
    struct ShortReads {
        bytes: Cursor<Vec<u8>>,
        sizes: Vec<usize>,
        reads: usize,
    }

    impl Read for ShortReads {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let most = self.sizes[self.reads % self.sizes.len()].max(1);
            self.reads += 1;
            let n = buf.len().min(most);
            self.bytes.read(&mut buf[..n])
        }
    }

    /// What `open` decodes `bytes` to, read in short reads and by a reader asking for `ask`
    /// bytes at a time: the bytes before the first error, and whether there was one.
    fn decode_damaged(open: Opener, bytes: &[u8], sizes: &[usize], ask: usize) -> (Vec<u8>, bool) {
        let source = ShortReads {
            bytes: Cursor::new(bytes.to_vec()),
            sizes: sizes.to_vec(),
            reads: 0,
        };
        let (mut reader, _) = open(Box::new(source)).expect("opens");
        let mut out = Vec::new();
        let mut buf = vec![0u8; ask];
        loop {
            match reader.read(&mut buf) {
                Ok(0) => return (out, false),
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(_) => return (out, true),
            }
        }
    }

    /// Games enough for several decoder reads: varied text, so the compressed stream has
    /// blocks of its own to damage.
    fn many_games() -> Vec<u8> {
        let mut text = Vec::new();
        for n in 0..6000u32 {
            let line = format!(
                "[Event \"game {n}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 {{{}}} *\n\n",
                n.wrapping_mul(2_654_435_761)
            );
            text.extend_from_slice(line.as_bytes());
        }
        text
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]
        /// A damaged stream decodes to the same bytes before the same failure however it is
        /// read: in line or on a thread of its own, by any reader's buffer, from input that
        /// arrives in any pieces.
        #[test]
        fn a_damaged_stream_reads_the_same_however_it_is_read(
            format in 0usize..3,
            at in 0.05f64..0.95,
            junk in proptest::collection::vec(proptest::prelude::any::<u8>(), 1..16),
            sizes in proptest::collection::vec(1usize..100_000, 1..8),
            ask in 1usize..200_000,
        ) {
            let text = many_games();
            let mut bytes = match format {
                0 => zstd::encode_all(text.as_slice(), 3).expect("compressed"),
                1 => {
                    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                    e.write_all(&text).expect("written");
                    e.finish().expect("finished")
                }
                _ => {
                    let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
                    e.write_all(&text).expect("written");
                    e.finish().expect("finished")
                }
            };
            let start = ((bytes.len() as f64 * at) as usize).max(4);
            for (i, b) in junk.iter().enumerate() {
                if let Some(byte) = bytes.get_mut(start + i) {
                    *byte ^= b | 1;
                }
            }
            let whole = vec![usize::MAX];
            let reference = decode_damaged(decompressing, &bytes, &whole, STEP);
            for open in OPENERS {
                proptest::prop_assert_eq!(&decode_damaged(open, &bytes, &sizes, ask), &reference);
            }
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
