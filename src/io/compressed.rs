//! Compressed input, as game databases are published: lichess's monthly files are
//! `.pgn.zst`, older collections `.pgn.gz` and `.pgn.bz2`. A stream is recognised by its
//! first bytes, not by its name, so standard input and files without the usual suffix work
//! too. It is decoded in the reader's own reads: with one thread that costs the least CPU
//! time, and with more the readers of a stream's pieces share the decoding as they share the
//! reading (`io::spool`; a thread of its own that decoded ahead was slower with two cores, as
//! it took one from the readers).

use std::io::{self, Cursor, Read};

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

/// `input`, decompressed when its first bytes say it is compressed (as it is otherwise), and
/// the compression found. Reading the first bytes is the only I/O done here. The decoding
/// runs in the reader's own reads.
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
        Compression::Zstd => zstd_frames(Box::new(whole))?,
    };
    Ok((
        Box::new(NamedErrors {
            decoder: decoded,
            kind,
        }),
        kind,
    ))
}

/// A decoder whose errors are named after the format (`zstd: …`), of kind `Other`: a stream
/// that cannot be read, not a verdict on its games.
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

    /// The text `bytes` decompress to.
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
        let (mut reader, _) =
            decompressing(Box::new(Cursor::new(frame_asking_for_window(limit + 1))))
                .expect("opens");
        let err = reader.read_to_end(&mut Vec::new()).expect_err("refused");
        assert!(err.to_string().starts_with("zstd: "), "{err}");
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
