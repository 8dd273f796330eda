//! `[end]`: how a variant file's game ends, each value checked where it stands.

use super::{count, Ctx, KindOf};
use crate::core::{Color, KindId, Square};
use crate::game::Terminal;
use crate::variants::connect::{Connect, ConnectRegions};
use crate::variants::core_game::Ends;
use crate::variants::counting::MaterialCount;
use crate::variants::custom::error::VariantFileError;
use crate::variants::custom::geometry::board_square;
use crate::variants::custom::schema::{EndDoc, VariantDoc};
use crate::variants::custom::zone::zone_squares;
use crate::variants::dead_position::{self, DeadPosition};
use crate::variants::extinction::{Counted, Extinction};
use crate::variants::mate_rules::MateRules;
use crate::variants::repetition::Repetition;
use toml::Spanned;

/// A goal as the file says it, its squares named before the board's shape can place them.
pub(super) struct GoalSpec {
    pub kind: KindId,
    pub squares: Vec<Square>,
    pub side: Option<Color>,
    pub count: u8,
    pub when_full: bool,
}

/// The file's goals.
pub(super) type GoalSquares = Vec<GoalSpec>;

/// The file's ends, with `goals` left empty: their squares come back beside them, to be
/// placed once `Rules` knows the board's shape.
pub(super) fn ends(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    has_royal: bool,
    files: usize,
    ranks: usize,
    kind_of: &KindOf<'_>,
) -> Result<(Ends, GoalSquares), VariantFileError> {
    let end = &doc.end;
    let extinction = extinction(cx, doc, kind_of)?;
    let reach_rank = match &end.reach_rank {
        Some(r) => Some((
            match r.piece.get_ref().as_str() {
                "*" => None,
                _ => Some(kind_of(&r.piece)?),
            },
            (count(cx, &r.rank, 1, ranks, "rank")? - 1) as u8,
        )),
        None => None,
    };
    let (stalemate, stalemate_count) = stalemate(cx, end)?;
    if end.checkmate && !has_royal {
        return Err(cx.err(
            doc.pieces.span(),
            "checkmate needs a royal piece (set royal = true, or [end] checkmate = false)",
        ));
    }
    let goals = goals(cx, end, files, ranks, kind_of)?;
    if end.goal_reply && goals.is_empty() {
        return Err(cx.err(
            doc.pieces.span(),
            "goal_reply needs a goal ([[end.goal]] piece and squares)",
        ));
    }
    if end.goal_hold && (goals.is_empty() || end.goal_reply) {
        return Err(cx.err(
            doc.pieces.span(),
            "goal_hold needs a goal ([[end.goal]] piece and squares) and no goal_reply",
        ));
    }
    let no_pieces = no_pieces(cx, end)?;
    let dead_position = dead_position(cx, end)?;
    let check_limit = match &end.checks {
        Some(n) => Some(count(cx, n, 1, 15, "checks")? as u8),
        None => None,
    };
    let checkmated = match end.checkmate_result.as_ref() {
        None => Terminal::Loss,
        Some(r) if !end.checkmate => {
            return Err(cx.err(r.span(), "checkmate_result needs checkmate = true"))
        }
        Some(r) => match r.get_ref().as_str() {
            "loss" => Terminal::Loss,
            "win" => Terminal::Win,
            _ => return Err(cx.err(r.span(), "checkmate_result is \"loss\" or \"win\"")),
        },
    };
    let move_rule = match &end.move_rule {
        None => 50,
        Some(n) if !end.fifty_move => {
            return Err(cx.err(n.span(), "move_rule needs fifty_move = true"))
        }
        Some(n) => count(cx, n, 1, 1000, "move_rule")? as u16,
    };
    let ends = Ends {
        checkmate: end.checkmate,
        checkmated,
        stalemate,
        stalemate_count,
        full_board: end.full_board,
        extinction,
        reach_rank,
        reach_safe: end.reach_rank.as_ref().is_some_and(|r| r.safe),
        // Squares are placed once the board's shape is known (by the caller).
        goals: Vec::new(),
        goal_reply: end.goal_reply,
        goal_hold: end.goal_hold,
        no_pieces,
        check_limit,
        connect: connect(cx, end, files.max(ranks), kind_of)?,
        connect_regions: connect_regions(cx, end, files, ranks)?,
        // A variant file's game ends only by its own rules: capturing a king is not one of
        // them unless the king is an extinction kind, and a dead position only where named.
        royal_capture: false,
        fifty_move: end.fifty_move,
        move_rule,
        repetition: repetition(cx, end)?,
        dead_position,
        material_count: material_count(cx, doc, kind_of)?,
        mate_rules: mate_rules(cx, doc, kind_of)?,
    };
    Ok((ends, goals))
}

/// `extinction` and its modifiers: the kinds (or `"all"`, every piece counted together), how
/// few are extinct, how many the other side must keep, the bare side's reply, the result.
fn extinction(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    kind_of: &KindOf<'_>,
) -> Result<Option<Extinction>, VariantFileError> {
    let end = &doc.end;
    let modifiers = [
        end.extinction_count.as_ref().map(|c| c.span()),
        end.extinction_opponent_count.as_ref().map(|c| c.span()),
        end.extinction_result.as_ref().map(|c| c.span()),
    ];
    if end.extinction.is_empty() {
        if let Some(span) = modifiers.into_iter().flatten().next() {
            return Err(cx.err(span, "needs extinction = [LETTER, …] or [\"all\"]"));
        }
        if end.extinction_reply {
            return Err(cx.err(doc.pieces.span(), "extinction_reply needs extinction"));
        }
        return Ok(None);
    }
    let counted = if end.extinction.iter().any(|e| e.get_ref() == "all") {
        if end.extinction.len() > 1 {
            return Err(cx.err(
                end.extinction[0].span(),
                "\"all\" counts every piece: it stands alone",
            ));
        }
        Counted::All
    } else {
        let mut kinds = Vec::new();
        for e in &end.extinction {
            kinds.push(kind_of(e)?);
        }
        Counted::Kinds(kinds)
    };
    let small = |n: &Option<Spanned<i64>>, what: &str| -> Result<u8, VariantFileError> {
        match n {
            None => Ok(0),
            Some(n) => match u8::try_from(*n.get_ref()) {
                Ok(v) if v <= 64 => Ok(v),
                _ => Err(cx.err(n.span(), format!("{what} is a count from 0 to 64"))),
            },
        }
    };
    let result = match end.extinction_result.as_ref() {
        None => Terminal::Loss,
        Some(r) => match r.get_ref().as_str() {
            "loss" => Terminal::Loss,
            "win" => Terminal::Win,
            "draw" => Terminal::Draw,
            _ => {
                return Err(cx.err(
                    r.span(),
                    "extinction_result is \"loss\", \"win\" or \"draw\"",
                ))
            }
        },
    };
    Ok(Some(Extinction {
        counted,
        at_most: small(&end.extinction_count, "extinction_count")?,
        opponent_at_least: small(&end.extinction_opponent_count, "extinction_opponent_count")?,
        reply: end.extinction_reply,
        result,
    }))
}

/// `connect` and its modifiers: how many in a row, of which kinds, along which lines.
fn connect(
    cx: &Ctx<'_>,
    end: &EndDoc,
    longest: usize,
    kind_of: &KindOf<'_>,
) -> Result<Option<Connect>, VariantFileError> {
    let Some(n) = &end.connect else {
        if let Some(k) = end.connect_pieces.first() {
            return Err(cx.err(k.span(), "connect_pieces needs connect"));
        }
        if end.connect_regions.is_none() {
            if let Some(d) = &end.connect_directions {
                return Err(cx.err(
                    d.span(),
                    "connect_directions needs connect or connect_regions",
                ));
            }
            if let Some(r) = &end.connect_result {
                return Err(cx.err(r.span(), "connect_result needs connect or connect_regions"));
            }
        }
        if let Some(s) = &end.connect_square {
            return Err(cx.err(s.span(), "connect_square needs connect"));
        }
        if let Some(c) = end.connect_collinear.as_ref().filter(|c| *c.get_ref()) {
            return Err(cx.err(c.span(), "connect_collinear needs connect"));
        }
        return Ok(None);
    };
    let result = connect_result(cx, end)?;
    let n = count(cx, n, 2, longest, "connect")? as u8;
    let mut kinds = if end.connect_pieces.is_empty() {
        u64::MAX
    } else {
        0
    };
    for k in &end.connect_pieces {
        kinds |= 1 << kind_of(k)?;
    }
    let (horizontal, vertical, diagonal) = connect_lines(cx, end)?;
    Ok(Some(Connect {
        n,
        kinds,
        horizontal,
        vertical,
        diagonal,
        result,
        square: match &end.connect_square {
            None => 0,
            Some(s) => count(cx, s, 2, longest, "connect_square")? as u8,
        },
        collinear: end.connect_collinear.as_ref().is_some_and(|c| *c.get_ref()),
    }))
}

/// `connect_result`: what the side that connects gets.
fn connect_result(cx: &Ctx<'_>, end: &EndDoc) -> Result<Terminal, VariantFileError> {
    match end
        .connect_result
        .as_ref()
        .map(|r| (r.get_ref().as_str(), r.span()))
    {
        None | Some(("win", _)) => Ok(Terminal::Win),
        Some(("loss", _)) => Ok(Terminal::Loss),
        Some((_, span)) => Err(cx.err(span, "connect_result is \"win\" or \"loss\"")),
    }
}

/// `connect_directions`: (horizontal, vertical, diagonal), all three unless said.
fn connect_lines(cx: &Ctx<'_>, end: &EndDoc) -> Result<(bool, bool, bool), VariantFileError> {
    let Some(dirs) = &end.connect_directions else {
        return Ok((true, true, true));
    };
    let mut lines = (false, false, false);
    for d in dirs.get_ref() {
        match d.get_ref().as_str() {
            "horizontal" => lines.0 = true,
            "vertical" => lines.1 = true,
            "diagonal" => lines.2 = true,
            _ => {
                return Err(cx.err(
                    d.span(),
                    "a connect direction is \"horizontal\", \"vertical\" or \"diagonal\"",
                ))
            }
        }
    }
    if dirs.get_ref().is_empty() {
        return Err(cx.err(dirs.span(), "connect_directions needs at least one"));
    }
    Ok(lines)
}

/// `[end.connect_regions]`: each side's two regions (squares and rectangles), which a chain
/// of its pieces must join; the chain's steps are `connect_directions`' (a diagonal step
/// with `"diagonal"`).
fn connect_regions(
    cx: &Ctx<'_>,
    end: &EndDoc,
    files: usize,
    ranks: usize,
) -> Result<Option<ConnectRegions>, VariantFileError> {
    let Some(doc) = &end.connect_regions else {
        return Ok(None);
    };
    let mut regions: [[Vec<(u8, u8)>; 2]; 2] = Default::default();
    for (side, list) in [&doc.white, &doc.black].into_iter().enumerate() {
        let two = list.get_ref();
        if two.len() != 2 {
            return Err(cx.err(
                list.span(),
                "a side's connect_regions are two lists of squares",
            ));
        }
        for (i, squares) in two.iter().enumerate() {
            regions[side][i] = zone_squares(cx, squares, files, ranks)?;
        }
    }
    let (_, _, diagonal) = connect_lines(cx, end)?;
    Ok(Some(ConnectRegions {
        regions,
        diagonal,
        result: connect_result(cx, end)?,
    }))
}

/// `threefold` and its modifiers: which occurrence ends the game, with what result for the
/// side to move, and whether perpetual check loses.
fn repetition(cx: &Ctx<'_>, end: &EndDoc) -> Result<Option<Repetition>, VariantFileError> {
    let modifiers = [
        end.repetition_count.as_ref().map(|c| c.span()),
        end.repetition_result.as_ref().map(|c| c.span()),
        end.repetition_result_for.as_ref().map(|c| c.span()),
        end.perpetual_check_loses.as_ref().map(|c| c.span()),
    ];
    if !end.threefold {
        if let Some(span) = modifiers.into_iter().flatten().next() {
            return Err(cx.err(
                span,
                "needs threefold = true (a repetition that ends the game)",
            ));
        }
        return Ok(None);
    }
    let count = match &end.repetition_count {
        None => 3,
        Some(n) => count(cx, n, 2, 10, "repetition_count")? as u8,
    };
    let result = match end
        .repetition_result
        .as_ref()
        .map(|s| (s.get_ref().as_str(), s.span()))
    {
        None | Some(("draw", _)) => Terminal::Draw,
        Some(("loss", _)) => Terminal::Loss,
        Some(("win", _)) => Terminal::Win,
        Some((_, span)) => {
            return Err(cx.err(span, "repetition_result is \"draw\", \"loss\" or \"win\""))
        }
    };
    let for_white = match end
        .repetition_result_for
        .as_ref()
        .map(|s| (s.get_ref().as_str(), s.span()))
    {
        None | Some(("side-to-move", _)) => false,
        Some(("white", _)) => true,
        Some((_, span)) => {
            return Err(cx.err(
                span,
                "repetition_result_for is \"side-to-move\" or \"white\"",
            ))
        }
    };
    Ok(Some(Repetition {
        count,
        result,
        for_white,
        perpetual_check_loses: end
            .perpetual_check_loses
            .as_ref()
            .is_some_and(|p| *p.get_ref()),
    }))
}

/// `stalemate`: the result for the side with no move, and whether the pieces are counted
/// (`"count"`: the side with fewer pieces on the board loses, Fairy-Stockfish's
/// `stalematePieceCount`; `"fewer-wins"`: it wins, suicide chess's count).
fn stalemate(cx: &Ctx<'_>, end: &EndDoc) -> Result<(Terminal, bool), VariantFileError> {
    match end
        .stalemate
        .as_ref()
        .map(|s| (s.get_ref().as_str(), s.span()))
    {
        None | Some(("draw", _)) => Ok((Terminal::Draw, false)),
        Some(("loss", _)) => Ok((Terminal::Loss, false)),
        Some(("win", _)) => Ok((Terminal::Win, false)),
        Some(("count", _)) => Ok((Terminal::Loss, true)),
        Some(("fewer-wins", _)) => Ok((Terminal::Win, true)),
        Some((_, span)) => Err(cx.err(
            span,
            "stalemate is \"draw\", \"loss\", \"win\", \"count\" or \"fewer-wins\"",
        )),
    }
}

fn goals(
    cx: &Ctx<'_>,
    end: &EndDoc,
    files: usize,
    ranks: usize,
    kind_of: &KindOf<'_>,
) -> Result<GoalSquares, VariantFileError> {
    let mut goals = Vec::new();
    for g in &end.goal {
        let kind = kind_of(&g.piece)?;
        if g.squares.get_ref().is_empty() {
            return Err(cx.err(g.squares.span(), "a goal needs at least one square"));
        }
        let mut squares = Vec::new();
        for sq in g.squares.get_ref() {
            squares.push(board_square(cx, sq, files, ranks)?);
        }
        let side = match g.side.as_ref().map(|s| (s.get_ref().as_str(), s.span())) {
            None => None,
            Some(("white", _)) => Some(Color::White),
            Some(("black", _)) => Some(Color::Black),
            Some((_, span)) => return Err(cx.err(span, "side is \"white\" or \"black\"")),
        };
        let count = match &g.count {
            None => 1,
            Some(n) => count(cx, n, 1, 64, "count")? as u8,
        };
        goals.push(GoalSpec {
            kind,
            squares,
            side,
            count,
            when_full: g.when_full,
        });
    }
    Ok(goals)
}

fn no_pieces(cx: &Ctx<'_>, end: &EndDoc) -> Result<Option<Terminal>, VariantFileError> {
    match end.no_pieces.as_ref() {
        None => Ok(None),
        Some(v) => match v.get_ref().as_str() {
            "win" => Ok(Some(Terminal::Win)),
            "loss" => Ok(Some(Terminal::Loss)),
            _ => Err(cx.err(v.span(), "no_pieces is \"win\" or \"loss\"")),
        },
    }
}

fn dead_position(cx: &Ctx<'_>, end: &EndDoc) -> Result<DeadPosition, VariantFileError> {
    match &end.dead_position {
        None => Ok(DeadPosition::Never),
        Some(v) => DeadPosition::from_name(v.get_ref()).ok_or_else(|| {
            let names: Vec<String> = dead_position::NAMES
                .iter()
                .map(|(n, _)| format!("\"{n}\""))
                .collect();
            cx.err(
                v.span(),
                format!("dead_position is one of {}", names.join(", ")),
            )
        }),
    }
}

/// Black's half points for a count that always goes to one side.
fn draw_odds(kind: &str) -> Option<i32> {
    match kind {
        "black-draw-odds" => Some(1),
        "white-draw-odds" => Some(-1),
        _ => None,
    }
}

/// `material_count = "points"` with the pieces' `points` and Black's bonus, `"pieces"`, or a
/// side's draw odds.
fn material_count(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    kind_of: &KindOf<'_>,
) -> Result<Option<MaterialCount>, VariantFileError> {
    let end = &doc.end;
    let Some(kind) = &end.material_count else {
        if let Some(bonus) = &end.material_count_black_bonus {
            return Err(cx.err(
                bonus.span(),
                "material_count_black_bonus needs material_count",
            ));
        }
        if let Some(p) = doc.pieces.get_ref().iter().find_map(|p| p.points.as_ref()) {
            return Err(cx.err(p.span(), "points needs [end] material_count = \"points\""));
        }
        return Ok(None);
    };
    if kind.get_ref() == "pieces" {
        // Every piece one point (Fairy-Stockfish's unweighted material: the reversi family).
        if let Some(p) = doc.pieces.get_ref().iter().find_map(|p| p.points.as_ref()) {
            return Err(cx.err(p.span(), "points needs material_count = \"points\""));
        }
        if let Some(bonus) = &end.material_count_black_bonus {
            return Err(cx.err(
                bonus.span(),
                "material_count_black_bonus needs material_count = \"points\"",
            ));
        }
        return Ok(Some(MaterialCount {
            points: vec![1; doc.pieces.get_ref().len()],
            black_bonus_halves: 0,
        }));
    }
    if let Some(odds) = draw_odds(kind.get_ref()) {
        // Every count goes to one side (armageddon's draw odds): no point on the board, that
        // side's half point.
        if let Some(p) = doc.pieces.get_ref().iter().find_map(|p| p.points.as_ref()) {
            return Err(cx.err(p.span(), "points needs material_count = \"points\""));
        }
        if let Some(bonus) = &end.material_count_black_bonus {
            return Err(cx.err(
                bonus.span(),
                "material_count_black_bonus needs material_count = \"points\"",
            ));
        }
        return Ok(Some(MaterialCount {
            points: Vec::new(),
            black_bonus_halves: odds,
        }));
    }
    if kind.get_ref() != "points" {
        return Err(cx.err(
            kind.span(),
            "material_count is \"points\", \"pieces\", \"black-draw-odds\" or \"white-draw-odds\"",
        ));
    }
    let mut points = Vec::new();
    for p in doc.pieces.get_ref() {
        let Some(v) = &p.points else { continue };
        let k = kind_of(&p.letter)? as usize;
        if points.len() <= k {
            points.resize(k + 1, 0);
        }
        points[k] = count(cx, v, 0, 1000, "points")? as i32;
    }
    let black_bonus_halves = match &end.material_count_black_bonus {
        None => 0,
        Some(b) => {
            let halves = b.get_ref() * 2.0;
            if !(0.0..=2000.0).contains(&halves) || halves.fract() != 0.0 {
                return Err(cx.err(
                    b.span(),
                    "material_count_black_bonus is a number of points from 0 to 1000, in halves",
                ));
            }
            halves as i32
        }
    };
    Ok(Some(MaterialCount {
        points,
        black_bonus_halves,
    }))
}

/// `mate_by_only_loses` and `mate_needs_check_by`: shatar's checkmates.
fn mate_rules(
    cx: &Ctx<'_>,
    doc: &VariantDoc,
    kind_of: &KindOf<'_>,
) -> Result<Option<MateRules>, VariantFileError> {
    let end = &doc.end;
    let (only, needs) = (&end.mate_by_only_loses, &end.mate_needs_check_by);
    if only.is_empty() && needs.is_empty() {
        return Ok(None);
    }
    if !end.checkmate {
        let at = only
            .first()
            .or(needs.first())
            .map_or(doc.pieces.span(), |l| l.span());
        return Err(cx.err(
            at,
            "mate_by_only_loses and mate_needs_check_by need checkmate",
        ));
    }
    let mask = |letters: &[Spanned<String>]| -> Result<u64, VariantFileError> {
        letters
            .iter()
            .try_fold(0u64, |m, l| Ok(m | 1 << kind_of(l)?))
    };
    Ok(Some(MateRules {
        only_by_loses: mask(only)?,
        needs_check_by: mask(needs)?,
    }))
}
