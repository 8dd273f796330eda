//! A stream's bytes kept in memory while readers need them, so that a stream (standard input,
//! a decompressed file) can be read by pieces in parallel as a file is: a reader starts at any
//! offset not yet released and reads on to the stream's end, and the stream is read from its
//! source once, as far as the furthest reader has asked.
//!
//! Memory is what lies between the lowest of the release point and the live readers'
//! positions, and the furthest read: the owner releases bytes no new reader will start in
//! ([`Spool::release_below`]), but a live reader holds what it has still to read (counting a
//! piece's lines may read behind the release point while the pieces are reported); once one
//! reader is left, every chunk goes as soon as that reader has it ([`Spool::read_on_alone`]).

use std::collections::{BTreeMap, VecDeque};
use std::io::{self, Read, Seek, SeekFrom};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

/// The bytes read from the source at a time.
const CHUNK: usize = 256 << 10;

/// A stream read once and kept in chunks while readers may need them.
pub struct Spool {
    /// The bytes read from the source at a time.
    chunk_bytes: usize,
    /// The source, locked while one reader reads the next chunk from it: readers of chunks
    /// already read do not wait for that.
    source: Mutex<Box<dyn Read + Send>>,
    chunks: Mutex<Chunks>,
}

/// Chunks most kept for reuse: their memory is already faulted in, where a fresh chunk's
/// zeroing and page faults cost as much as its copy.
const SPARES: usize = 16;

struct Chunks {
    /// In stream order, each with the offset of its first byte.
    kept: VecDeque<(u64, Arc<Vec<u8>>)>,
    /// The offset after the last byte read from the source.
    end: u64,
    /// No new reader starts below this: the bytes before it go once no live reader needs
    /// them.
    floor: u64,
    /// The first byte each live reader may still read (the start of its chunk), counted.
    pins: BTreeMap<u64, usize>,
    /// One reader is left: a chunk is let go as soon as a later one is asked for.
    alone: bool,
    /// The source is at its end.
    ended: bool,
    /// Reading the source failed: the error, for every reader that gets that far.
    failed: Option<(io::ErrorKind, String)>,
    /// Buffers of chunks let go, for the next reads.
    spares: Vec<Vec<u8>>,
}

impl Chunks {
    fn pin(&mut self, at: u64) {
        *self.pins.entry(at).or_insert(0) += 1;
    }

    fn unpin(&mut self, at: u64) {
        if let Some(n) = self.pins.get_mut(&at) {
            *n -= 1;
            if *n == 0 {
                self.pins.remove(&at);
            }
        }
    }

    /// Lets go of the chunks wholly below both the release point and every live reader.
    fn let_go_below_floor(&mut self) {
        let keep_from = self
            .pins
            .keys()
            .next()
            .map_or(self.floor, |&pin| pin.min(self.floor));
        let before = self
            .kept
            .partition_point(|(start, bytes)| start + bytes.len() as u64 <= keep_from);
        self.let_go(before);
    }

    /// Lets go of the first `n` chunks, keeping the buffers no reader holds.
    fn let_go(&mut self, n: usize) {
        for (_, chunk) in self.kept.drain(..n) {
            if let (Ok(bytes), true) = (Arc::try_unwrap(chunk), self.spares.len() < SPARES) {
                self.spares.push(bytes);
            }
        }
    }
}

impl Spool {
    /// A spool of `input`, nothing read yet.
    pub fn new(input: Box<dyn Read + Send>) -> Spool {
        Spool::reading(input, CHUNK)
    }

    /// A spool of `input` that reads it `chunk_bytes` at a time (at least 1): small chunks let
    /// tests see chunks let go and reused.
    pub fn reading(input: Box<dyn Read + Send>, chunk_bytes: usize) -> Spool {
        Spool {
            chunk_bytes: chunk_bytes.max(1),
            source: Mutex::new(input),
            chunks: Mutex::new(Chunks {
                kept: VecDeque::new(),
                end: 0,
                floor: 0,
                pins: BTreeMap::new(),
                alone: false,
                ended: false,
                failed: None,
                spares: Vec::new(),
            }),
        }
    }

    fn chunks(&self) -> MutexGuard<'_, Chunks> {
        self.chunks.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A reader of the stream from byte `offset` on, to its end. While it lives, the bytes
    /// from its position on are kept.
    pub fn reader_at(&self, offset: u64) -> SpoolReader<'_> {
        self.chunks().pin(offset);
        SpoolReader {
            spool: self,
            at: offset,
            pinned: offset,
            chunk: None,
        }
    }

    /// No new reader will start below `offset`: the chunks wholly before it go, once no live
    /// reader needs them.
    pub fn release_below(&self, offset: u64) {
        let mut chunks = self.chunks();
        chunks.floor = chunks.floor.max(offset);
        chunks.let_go_below_floor();
    }

    /// One reader is left, reading in order: every chunk before the one it asks for is let
    /// go, so that memory stays one chunk however long the stream.
    pub fn read_on_alone(&self) {
        self.chunks().alone = true;
    }

    /// The chunk that holds byte `offset`, with its first byte's offset, reading the source
    /// as far as needed; `None` past the stream's end. The reader's pin moves from `pinned`
    /// to the chunk's start.
    fn chunk_at(&self, offset: u64, pinned: &mut u64) -> io::Result<Option<(u64, Arc<Vec<u8>>)>> {
        loop {
            let (spare, end) = {
                let mut chunks = self.chunks();
                if offset < chunks.end {
                    let at = chunks.kept.partition_point(|(start, _)| *start <= offset);
                    let index = at.checked_sub(1).ok_or_else(|| let_go(offset))?;
                    let chunk = chunks.kept[index].clone();
                    if chunks.alone {
                        chunks.let_go(index);
                    }
                    chunks.unpin(*pinned);
                    *pinned = chunk.0;
                    chunks.pin(chunk.0);
                    chunks.let_go_below_floor();
                    return Ok(Some(chunk));
                }
                if let Some((kind, message)) = &chunks.failed {
                    return Err(io::Error::new(*kind, message.clone()));
                }
                if chunks.ended {
                    return Ok(None);
                }
                (chunks.spares.pop(), chunks.end)
            };
            self.read_chunk(spare, end);
        }
    }

    /// Reads the chunk that starts at `end` from the source (up to a chunk's bytes, less at
    /// its end) into `spare` or a new buffer, unless another reader did meanwhile, and notes
    /// the source's end or its error.
    fn read_chunk(&self, spare: Option<Vec<u8>>, end: u64) {
        let mut source = self.source.lock().unwrap_or_else(PoisonError::into_inner);
        let mut bytes = spare.unwrap_or_default();
        if self.chunks().end != end {
            // Another reader read it while this one waited for the source.
            if bytes.capacity() > 0 {
                self.chunks().spares.push(bytes);
            }
            return;
        }
        bytes.resize(self.chunk_bytes, 0);
        let mut filled = 0;
        let (mut ended, mut failed) = (false, None);
        while filled < self.chunk_bytes {
            match source.read(&mut bytes[filled..]) {
                Ok(0) => {
                    ended = true;
                    break;
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    failed = Some((e.kind(), e.to_string()));
                    break;
                }
            }
        }
        let mut chunks = self.chunks();
        if filled > 0 {
            bytes.truncate(filled);
            let start = chunks.end;
            chunks.kept.push_back((start, Arc::new(bytes)));
            chunks.end += filled as u64;
        }
        chunks.ended |= ended;
        if failed.is_some() {
            chunks.failed = failed;
        }
    }
}

/// The error for a byte asked for after it was let go.
fn let_go(offset: u64) -> io::Error {
    io::Error::other(format!(
        "byte {offset} of the stream was asked for after it was let go"
    ))
}

/// A reader of a [`Spool`] from some offset on. It seeks forward and back within what is not
/// let go (a seek from the end is not offered: the end is not known).
pub struct SpoolReader<'a> {
    spool: &'a Spool,
    at: u64,
    /// Where this reader holds the spool's bytes from.
    pinned: u64,
    /// The chunk last read, with its first byte's offset.
    chunk: Option<(u64, Arc<Vec<u8>>)>,
}

impl Read for SpoolReader<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        loop {
            if let Some((start, bytes)) = &self.chunk {
                if let Some(i) = self.at.checked_sub(*start).map(|i| i as usize) {
                    if i < bytes.len() {
                        let n = buf.len().min(bytes.len() - i);
                        buf[..n].copy_from_slice(&bytes[i..i + n]);
                        self.at += n as u64;
                        return Ok(n);
                    }
                }
            }
            match self.spool.chunk_at(self.at, &mut self.pinned)? {
                Some(chunk) => self.chunk = Some(chunk),
                None => return Ok(0),
            }
        }
    }
}

impl Drop for SpoolReader<'_> {
    fn drop(&mut self) {
        let mut chunks = self.spool.chunks();
        chunks.unpin(self.pinned);
        chunks.let_go_below_floor();
    }
}

impl Seek for SpoolReader<'_> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let at = match to {
            SeekFrom::Start(at) => Some(at),
            SeekFrom::Current(by) => self.at.checked_add_signed(by),
            SeekFrom::End(_) => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    "a stream's end is not known",
                ))
            }
        };
        self.at = at.ok_or_else(|| {
            io::Error::new(io::ErrorKind::InvalidInput, "a seek before the stream")
        })?;
        Ok(self.at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    /// Hands out at most `most` bytes a read, then fails at `fails_at` if given.
    struct Trickle {
        text: Cursor<Vec<u8>>,
        most: usize,
        fails_at: Option<u64>,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let at = self.text.position();
            let before_failing = self.fails_at.map_or(u64::MAX, |f| f.saturating_sub(at));
            if before_failing == 0 {
                return Err(io::Error::other("the pipe broke"));
            }
            let most = self.most.min(buf.len()).min(before_failing as usize);
            self.text.read(&mut buf[..most])
        }
    }

    fn text(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 % 251) as u8).collect()
    }

    fn spool(text: &[u8], most: usize, fails_at: Option<u64>) -> Spool {
        Spool::new(Box::new(Trickle {
            text: Cursor::new(text.to_vec()),
            most,
            fails_at,
        }))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Readers started anywhere, reading in any sizes, one after another or taking turns,
        /// read the stream's bytes from where they started.
        #[test]
        fn readers_read_the_stream_from_where_they_start(
            len in 0usize..(3 * CHUNK),
            most in 1usize..100_000,
            starts in proptest::collection::vec(0usize..(3 * CHUNK + 10), 1..5),
            reads in proptest::collection::vec(1usize..70_000, 1..40),
        ) {
            let text = text(len);
            let spool = spool(&text, most, None);
            let mut readers: Vec<(usize, SpoolReader<'_>, Vec<u8>)> =
                starts.iter().map(|&s| (s, spool.reader_at(s as u64), Vec::new())).collect();
            for (turn, size) in reads.iter().enumerate() {
                let k = turn % readers.len();
                let (_, reader, got) = &mut readers[k];
                let mut buf = vec![0u8; *size];
                let n = reader.read(&mut buf).expect("in memory");
                got.extend_from_slice(&buf[..n]);
            }
            for (start, mut reader, mut got) in readers {
                reader.read_to_end(&mut got).expect("in memory");
                let expected = text.get(start..).unwrap_or(&[]);
                proptest::prop_assert!(got == expected, "from {start}");
            }
        }
    }

    #[test]
    fn released_bytes_are_refused_and_alone_keeps_one_chunk() {
        let text = text(4 * CHUNK + 5);
        let spool = spool(&text, usize::MAX, None);
        let mut all = Vec::new();
        spool.reader_at(0).read_to_end(&mut all).expect("read");
        assert_eq!(all, text);
        assert_eq!(spool.chunks().kept.len(), 5);
        spool.release_below(2 * CHUNK as u64 + 1);
        assert_eq!(spool.chunks().kept.len(), 3, "the two chunks before it go");
        let error = spool.reader_at(CHUNK as u64).read(&mut [0u8; 4]);
        assert!(error.is_err(), "below the release point");
        let mut reader = spool.reader_at(3 * CHUNK as u64);
        spool.read_on_alone();
        let mut rest = Vec::new();
        reader.read_to_end(&mut rest).expect("read");
        assert_eq!(rest, &text[3 * CHUNK..]);
        assert_eq!(spool.chunks().kept.len(), 1, "only the last chunk is kept");
    }

    #[test]
    fn a_live_reader_behind_the_release_point_keeps_its_bytes() {
        let text = text(4 * CHUNK);
        let spool = spool(&text, usize::MAX, None);
        let mut behind = spool.reader_at(10);
        let mut got = vec![0u8; 100];
        behind.read_exact(&mut got).expect("read");
        let mut ahead = Vec::new();
        spool.reader_at(0).read_to_end(&mut ahead).expect("read");
        spool.release_below(3 * CHUNK as u64);
        assert_eq!(
            spool.chunks().kept.len(),
            4,
            "all held by the reader behind"
        );
        // On into the third chunk: the first two go, the third is held.
        let mut more = vec![0u8; 2 * CHUNK];
        behind.read_exact(&mut more).expect("its bytes are kept");
        got.extend_from_slice(&more);
        assert_eq!(got, &text[10..10 + 100 + 2 * CHUNK]);
        assert_eq!(spool.chunks().kept.len(), 2, "held from its chunk on");
        drop(behind);
        assert_eq!(spool.chunks().kept.len(), 1, "from the release point on");
    }

    #[test]
    fn a_source_error_reaches_every_reader_after_the_bytes_before_it() {
        let text = text(CHUNK + 100);
        let spool = spool(&text, 1000, Some(CHUNK as u64 + 50));
        for start in [0, CHUNK as u64 + 10] {
            let mut got = Vec::new();
            let error = spool
                .reader_at(start)
                .read_to_end(&mut got)
                .expect_err("the pipe broke");
            assert_eq!(error.to_string(), "the pipe broke");
            assert_eq!(got, &text[start as usize..CHUNK + 50]);
        }
    }
}
