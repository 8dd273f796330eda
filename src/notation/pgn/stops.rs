//! The first "stop" byte of a short stretch of PGN text: one of three given bytes, or a byte
//! that is not ASCII. A tag value ends at `"` (and is plain up to a `\` or a line end), a
//! comment at `}` (and is plain up to a line end): the lexer takes such a stretch in one
//! step when the first stop is the closing byte and everything before it is plain ASCII on
//! one line, and reads anything else byte by byte.
//!
//! The stretches are short (a lichess clock comment is 17 bytes, most tag values fewer),
//! where `memchr`'s setup and a separate `is_ascii` pass cost more than the search: one
//! move's comment was about 56 instructions in `memchr` alone that way. Here 16 bytes are
//! compared at a time with SSE2 (every x86-64 processor has it), or 8 at a time in a word
//! elsewhere.

/// The index of the first byte of `bytes` that is `a`, `b` or `c`, or is 0x80 or above;
/// `None` when there is none.
#[inline]
pub(super) fn first_stop(bytes: &[u8], a: u8, b: u8, c: u8) -> Option<usize> {
    first_stop_by(wide::in_chunks, bytes, a, b, c)
}

/// `first_stop` by the chunk search `in_chunks` (the first stop in the whole 16-byte chunks
/// of a slice, or, as `Err`, where the rest too short for a chunk starts), then byte by byte
/// in that rest.
#[inline(always)]
fn first_stop_by(
    in_chunks: impl Fn(&[u8], u8, u8, u8) -> Result<usize, usize>,
    bytes: &[u8],
    a: u8,
    b: u8,
    c: u8,
) -> Option<usize> {
    match in_chunks(bytes, a, b, c) {
        Ok(stop) => Some(stop),
        Err(tail) => bytes
            .get(tail..)?
            .iter()
            .position(|&x| is_stop(x, a, b, c))
            .map(|i| tail + i),
    }
}

/// Is `x` a stop for `a`, `b`, `c`?
#[inline(always)]
fn is_stop(x: u8, a: u8, b: u8, c: u8) -> bool {
    x == a || x == b || x == c || x >= 0x80
}

#[cfg(target_arch = "x86_64")]
use sse2 as wide;
#[cfg(not(target_arch = "x86_64"))]
use words as wide;

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };

    /// The first stop in the whole 16-byte chunks of `bytes`, or (`Err`) where the rest,
    /// too short for a chunk, starts.
    #[inline(always)]
    pub(super) fn in_chunks(bytes: &[u8], a: u8, b: u8, c: u8) -> Result<usize, usize> {
        let mut at = 0;
        while let Some(chunk) = bytes.get(at..).and_then(<[u8]>::first_chunk::<16>) {
            // SAFETY: SSE2 is part of x86-64 (these intrinsics need nothing the target
            // lacks), and the load reads the 16 bytes of `chunk`, a borrowed array, with no
            // alignment asked (`loadu`).
            let stops = unsafe {
                let v = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
                let hit = |x: u8| _mm_cmpeq_epi8(v, _mm_set1_epi8(x as i8));
                let hits = _mm_or_si128(_mm_or_si128(hit(a), hit(b)), hit(c));
                // A byte's top bit is set in `v` itself where it is 0x80 or above.
                (_mm_movemask_epi8(hits) | _mm_movemask_epi8(v)) as u32
            };
            if stops != 0 {
                return Ok(at + stops.trailing_zeros() as usize);
            }
            at += 16;
        }
        Err(at)
    }
}

// Compiled for the tests on x86-64 too, so that the other processors' search is tested here.
#[cfg(any(test, not(target_arch = "x86_64")))]
mod words {
    /// As `sse2::in_chunks`, 8 bytes at a time in a word: in each word, a byte equal to the one
    /// sought is a zero byte of the word XORed with it, and the lowest zero byte is the
    /// lowest one flagged by `(x - 0x01..) & !x & 0x80..` (a borrow flags only bytes above a
    /// zero), so the lowest flag of the tests together is exactly the first stop.
    #[inline(always)]
    pub(super) fn in_chunks(bytes: &[u8], a: u8, b: u8, c: u8) -> Result<usize, usize> {
        const ONES: u64 = 0x0101_0101_0101_0101;
        const HIGHS: u64 = 0x8080_8080_8080_8080;
        let zero_at = |x: u64| x.wrapping_sub(ONES) & !x;
        let mut at = 0;
        // Whole 16-byte stretches, as the wide search takes them; the rest byte by byte.
        while let Some(chunk) = bytes.get(at..).and_then(<[u8]>::first_chunk::<16>) {
            for half in [&chunk[..8], &chunk[8..]] {
                let mut word = [0u8; 8];
                word.copy_from_slice(half);
                let word = u64::from_le_bytes(word);
                let hits = (zero_at(word ^ (u64::from(a) * ONES))
                    | zero_at(word ^ (u64::from(b) * ONES))
                    | zero_at(word ^ (u64::from(c) * ONES))
                    | word)
                    & HIGHS;
                if hits != 0 {
                    return Ok(at + hits.trailing_zeros() as usize / 8);
                }
                at += 8;
            }
        }
        Err(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Sixteen bytes at a time finds what one byte at a time finds, wherever the stop
        /// lies (in a chunk, across chunks, in the short tail) and whichever bytes are sought.
        #[test]
        fn the_first_stop_is_the_first_byte_that_stops(
            bytes in proptest::collection::vec(proptest::sample::select(vec![
                b'a', b' ', b'"', b'\\', b'\n', b'}', b'\r', 0x00, 0x01, 0x21, 0x7F, 0x80, 0xC3, 0xFF,
            ]), 0..70),
            sought in proptest::sample::select(vec![
                (b'"', b'\\', b'\n'), (b'}', b'\n', b'\n'), (0x00, 0x01, 0x7F),
            ]),
        ) {
            let (a, b, c) = sought;
            let want = bytes.iter().position(|&x| is_stop(x, a, b, c));
            proptest::prop_assert_eq!(first_stop(&bytes, a, b, c), want);
            // The word-wise search other processors use, tested here as well.
            proptest::prop_assert_eq!(first_stop_by(words::in_chunks, &bytes, a, b, c), want);
        }
    }

    #[test]
    fn a_clock_comment_ends_at_its_brace() {
        let text = b" [%clk 0:01:00] } 1... c5 { [%clk 0:01:00] }";
        assert_eq!(first_stop(text, b'}', b'\n', b'\n'), Some(16));
        assert_eq!(first_stop("é}".as_bytes(), b'}', b'\n', b'\n'), Some(0));
        assert_eq!(first_stop(&[b'a'; 40], b'}', b'\n', b'\n'), None);
    }
}
