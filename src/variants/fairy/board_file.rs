//! Reading and validating a fairy chess board file (spec §2.4 and §3), reporting the first
//! violation in the spec's order: allocations, then the squares from a10 to j1, then the
//! status line.

use crate::core::{Color, Piece, Position, Square};
use crate::variants::fairy::errors::BoardError;
use crate::variants::fairy::rules::{
    self, is_pawn_kind, kind_of_letter, ELEPHANT, FILES, KING, RANKS, ROOK,
};
use crate::variants::fairy::status_line;
use crate::variants::fairy::text::{is_comment, numbered_lines};

/// The section divider.
pub const DIVIDER: &str = "-----";

/// A validated board file.
#[derive(Clone, Debug)]
pub struct FairyBoard {
    /// The allocation lines as given (comment lines dropped, trailing whitespace trimmed).
    pub allocation_lines: Vec<String>,
    /// Allocated count per kind id.
    pub allocated: [u32; 11],
    /// The pieces and the status line's side to move, castling rights and clocks (the move
    /// counter as the fullmove number).
    pub position: Position,
}

/// Parses and validates a board file.
pub fn parse(text: &str) -> Result<FairyBoard, BoardError> {
    let lines = numbered_lines(text);
    let end_line = lines.len() + 1;
    let mut rest = lines.iter().copied();

    let (allocation_lines, allocated) = allocations(&mut rest, end_line)?;
    let rows = board_rows(&mut rest);
    let grid = squares(&rows, &allocated)?;
    let rules = rules::rules(&allocated);
    let mut position = Position::empty(rules.clone());
    for (rank, row) in grid.iter().enumerate() {
        for (file, cell) in row.iter().enumerate() {
            if let Some(piece) = cell {
                position.put(rules.shape.sq(Square::new(file as u8, rank as u8)), *piece);
            }
        }
    }
    status_line::read(&mut rest, end_line, &mut position)?;
    Ok(FairyBoard {
        allocation_lines,
        allocated,
        position,
    })
}

/// §3.2: `<piece>:<count>` lines up to the first divider.
fn allocations<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    end_line: usize,
) -> Result<(Vec<String>, [u32; 11]), BoardError> {
    let mut given = Vec::new();
    let mut allocated = [0u32; 11];
    let mut seen = [false; 11];
    let (mut pawns, mut officers) = (0u32, 0u32);
    let mut divider_line = end_line;
    for (n, line) in lines.by_ref() {
        if is_comment(line) {
            continue;
        }
        if line == DIVIDER {
            divider_line = n;
            break;
        }
        let (kind, count) = allocation(line).ok_or(BoardError::PieceAllocation(n))?;
        if seen[kind as usize] {
            return Err(BoardError::PieceAllocation(n));
        }
        seen[kind as usize] = true;
        allocated[kind as usize] = count;
        let sum = if is_pawn_kind(kind) {
            &mut pawns
        } else {
            &mut officers
        };
        *sum += count;
        if *sum > 10 {
            return Err(BoardError::PieceAllocation(n));
        }
        given.push(line.to_string());
    }
    let kings = allocated[KING as usize];
    let rooks = allocated[ROOK as usize];
    if pawns != 10 || officers != 10 || kings != 1 || rooks < 2 {
        return Err(BoardError::PieceAllocation(divider_line));
    }
    Ok((given, allocated))
}

/// One allocation line: a lower-case piece letter, `:`, a decimal count (at most 10 is useful;
/// longer numbers are rejected before they could overflow).
fn allocation(line: &str) -> Option<(u8, u32)> {
    let (letter, count) = line.split_once(':')?;
    let mut chars = letter.chars();
    let c = chars.next()?;
    if chars.next().is_some() || !c.is_ascii_lowercase() {
        return None;
    }
    let kind = kind_of_letter(c)?;
    if count.is_empty() || count.len() > 3 || !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((kind, count.parse().ok()?))
}

/// The board section: every non-comment line up to the second divider (or the end).
fn board_rows<'a>(lines: &mut impl Iterator<Item = (usize, &'a str)>) -> Vec<&'a str> {
    let mut rows = Vec::new();
    for (_, line) in lines.by_ref() {
        if is_comment(line) {
            continue;
        }
        if line == DIVIDER {
            break;
        }
        rows.push(line);
    }
    rows
}

/// A row's squares: exactly ten single characters separated by single spaces.
fn row_cells(row: &str) -> Option<Vec<char>> {
    let mut cells = Vec::with_capacity(FILES);
    for token in row.split(' ') {
        let mut chars = token.chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        cells.push(c);
    }
    (cells.len() == FILES).then_some(cells)
}

type Grid = [[Option<Piece>; FILES]; RANKS];

/// §3.3. The board must be 10×10 first (a square's name means nothing in a misshapen board),
/// then the squares are scanned a10→j10, then rank 9, … rank 1, and the first violation is
/// reported.
fn squares(rows: &[&str], allocated: &[u32; 11]) -> Result<Grid, BoardError> {
    if rows.len() != RANKS {
        return Err(BoardError::BoardDimension);
    }
    let cells: Vec<Vec<char>> = rows
        .iter()
        .map(|r| row_cells(r).ok_or(BoardError::BoardDimension))
        .collect::<Result<_, _>>()?;
    // Formula (1) counts the Pawns and Soldiers of the whole board. Those beyond their own
    // allocation are an error of their own (§3.3.2) and are not counted, so that an extra Pawn
    // is reported as such rather than as an Officer excess somewhere else.
    let mut pawns_by_kind = [[0u32; 11]; 2];
    for &c in cells.iter().flatten() {
        if let Some(kind) = kind_of_letter(c).filter(|&k| is_pawn_kind(k)) {
            pawns_by_kind[colour_of(c).index()][kind as usize] += 1;
        }
    }
    let pawns_on_board =
        pawns_by_kind.map(|counts| (0..11).map(|k| counts[k].min(allocated[k])).sum::<u32>());
    let officers_allocated: u32 = (0..11u8)
        .filter(|&k| !is_pawn_kind(k))
        .map(|k| allocated[k as usize])
        .sum();
    let mut grid: Grid = [[None; FILES]; RANKS];
    let mut pawn_counts = [[0u32; 11]; 2];
    let mut officer_counts = [0u32; 2];
    let mut king_counts = [0u32; 2];
    for (i, row) in cells.iter().enumerate() {
        let rank = (RANKS - 1 - i) as u8;
        for (file, &c) in row.iter().enumerate() {
            if c == '.' {
                continue;
            }
            let name = Square::new(file as u8, rank).to_string();
            let kind = match kind_of_letter(c) {
                Some(k) if c.is_ascii_alphabetic() && allocated[k as usize] > 0 => k,
                _ => return Err(BoardError::IllegalPiece(name)),
            };
            let color = colour_of(c);
            let ci = color.index();
            if is_pawn_kind(kind) {
                pawn_counts[ci][kind as usize] += 1;
                if pawn_counts[ci][kind as usize] > allocated[kind as usize] {
                    return Err(BoardError::PawnAllocationExceeded(name));
                }
            } else {
                officer_counts[ci] += 1;
                if kind == KING {
                    king_counts[ci] += 1;
                }
                let limit = officers_allocated + 10 - pawns_on_board[ci].min(10);
                // A King cannot come from a promotion, so a second one is also an excess.
                if officer_counts[ci] > limit || king_counts[ci] > 1 {
                    return Err(BoardError::OfficerAllocationExceeded(name));
                }
            }
            let back_rank = if color == Color::White { 0 } else { 9 };
            if is_pawn_kind(kind) && rank == back_rank {
                return Err(BoardError::PawnPosition(name));
            }
            let own_half = if color == Color::White {
                rank <= 4
            } else {
                rank >= 5
            };
            if kind == ELEPHANT && !own_half {
                return Err(BoardError::ElephantPosition(name));
            }
            grid[rank as usize][file] = Some(Piece::new(color, kind));
        }
    }
    Ok(grid)
}

fn colour_of(c: char) -> Color {
    if c.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allocation_lines() {
        assert_eq!(allocation("p:8"), Some((rules::PAWN, 8)));
        assert_eq!(allocation("P:8"), None);
        assert_eq!(allocation("p:-1"), None);
        assert_eq!(allocation("p:"), None);
        assert_eq!(allocation("x:1"), None);
        assert_eq!(allocation("pp:1"), None);
        assert_eq!(allocation("p:99999999999"), None);
    }

    #[test]
    fn rows_need_ten_single_characters() {
        assert!(row_cells(". . . . . . . . . .").is_some());
        assert!(row_cells(". . . . . . . . .").is_none());
        assert!(row_cells(".  . . . . . . . . .").is_none());
        assert!(row_cells(".. . . . . . . . .").is_none());
        assert!(row_cells("").is_none());
    }
}
