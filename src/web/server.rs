//! The HTTP server: the embedded page and a JSON API over the sessions. The browser never
//! decides legality: every move goes through the variant's own rules here.

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;

use crate::core::Square;

use super::assets;
use super::computer::{self, Computer, ComputerRequest};
use super::net::{new_token, ClientAddr, PerAddress, CREATE_BURST, CREATE_PER_SECOND};
use crate::game::VariantId;
use crate::play::session::{Origin, Refusal, Session, Viewer};
use crate::variants::custom::table::POSITION_LINE;
use crate::variants::registry;

/// The page's own games (one screen, both sides), by id. The id is 128 random bits: whoever
/// holds it holds the game, as a network game's seat token does, so nobody can read another
/// person's hidden obstacles, resign for them, or find their game by counting.
pub struct AppState {
    games: Mutex<HashMap<String, (u64, Session)>>,
    /// Creation order, to drop the oldest game beyond `MAX_GAMES`.
    created: AtomicU64,
    /// New games per remote address: the network games' budget, one for both kinds
    /// (loopback is not limited).
    creations: Arc<PerAddress>,
    /// The external UCI engine a computer side may use (`serve --engine PATH`).
    engine: Option<PathBuf>,
}

type Shared = Arc<AppState>;

/// Most games one server keeps (the oldest is dropped beyond it).
const MAX_GAMES: usize = 1000;
/// Largest board file accepted.
const MAX_BOARD_BYTES: usize = 64 * 1024;

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let status = StatusCode::from_u16(self.status).unwrap_or(StatusCode::BAD_REQUEST);
        // A board error names its square itself; a refused move text still has it found in
        // the sentence.
        let square = self.square.or_else(|| square_named(&self.message));
        (
            status,
            Json(json!({ "error": self.message, "square": square })),
        )
            .into_response()
    }
}

/// The first square name in a message (`e4`, `j10`), so the page can mark it.
fn square_named(message: &str) -> Option<String> {
    message
        .split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| {
            let b = w.as_bytes();
            b.len() >= 2
                && b.len() <= 3
                && b[0].is_ascii_lowercase()
                && b[1..].iter().all(u8::is_ascii_digit)
                && b[1] != b'0'
        })
        .map(str::to_string)
}

/// The router: page, assets and API, with network games kept in memory only.
pub fn router() -> Router {
    router_with_engine(None)
}

/// The router, with an external UCI engine the computer side may use; network games are
/// kept in memory only.
pub fn router_with_engine(engine: Option<PathBuf>) -> Router {
    match super::net::Net::memory() {
        Ok(net) => router_with(net, engine),
        Err(e) => {
            let _ = writeln!(
                std::io::stderr(),
                "chessrules serve: network games are off ({e})"
            );
            let creations = Arc::new(PerAddress::new(CREATE_BURST, CREATE_PER_SECOND));
            hot_seat_router(engine, creations)
        }
    }
}

/// The router with network games kept in `net`'s store and an optional external engine.
pub fn router_with(net: Arc<super::net::Net>, engine: Option<PathBuf>) -> Router {
    hot_seat_router(engine, net.creations()).merge(super::net::routes(net))
}

fn hot_seat_router(engine: Option<PathBuf>, creations: Arc<PerAddress>) -> Router {
    let state: Shared = Arc::new(AppState {
        games: Mutex::new(HashMap::new()),
        created: AtomicU64::new(0),
        creations,
        engine,
    });
    Router::new()
        .route("/", get(|| async { assets::page("index.html") }))
        .route(
            "/assets/{name}",
            get(|Path(name): Path<String>| async move { assets::page(&name) }),
        )
        .route(
            "/api/variants",
            get(|| async { Json(registry::variants()) }),
        )
        .route("/api/shipped", get(|| async { Json(shipped_variants()) }))
        .route("/api/computer", get(computer_info))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(view))
        .route("/api/games/{id}/targets", get(targets))
        .route("/api/games/{id}/play", post(play))
        .route("/api/games/{id}/step", post(step))
        .route("/api/games/{id}/action", post(action))
        .route("/api/games/{id}/board", get(board_file))
        .route("/api/games/{id}/log", get(log_file))
        .fallback(|| async {
            Refusal {
                status: 404,
                message: "no such page".into(),
                square: None,
            }
        })
        .with_state(state)
}

fn with_game<T>(
    state: &Shared,
    id: &str,
    f: impl FnOnce(&mut Session) -> Result<T, Refusal>,
) -> Result<T, Refusal> {
    let mut games = state
        .games
        .lock()
        .map_err(|_| Refusal::bad("server state poisoned"))?;
    // The id is not echoed: it is the key to a game, and this one opens none.
    let (_, game) = games.get_mut(id).ok_or(Refusal {
        status: 404,
        message: "no such game".to_string(),
        square: None,
    })?;
    f(game)
}

fn parse_square(text: &str) -> Result<Square, Refusal> {
    Square::parse(text).ok_or_else(|| Refusal::bad(format!("'{text}' is not a square")))
}

/// Where targets are asked from: a square (`e2`) or a kind in hand (`N@`).
pub(crate) fn parse_origin(text: &str) -> Result<Origin, Refusal> {
    Origin::parse(text)
        .ok_or_else(|| Refusal::bad(format!("'{text}' is not a square or a kind in hand (N@)")))
}

/// A shipped variant file as the page lists it: played as a variant file, opened by name.
#[derive(serde::Serialize)]
pub(crate) struct ShippedInfo {
    /// The name it is opened by (`crazyhouse`).
    name: &'static str,
    /// Its other names (`zh`).
    aliases: &'static [&'static str],
    /// The file's description (`Crazyhouse: captured pieces …`).
    description: &'static str,
    /// The file itself: the board file of its initial position.
    initial: &'static str,
    /// What it can do (drops, placements, …).
    capabilities: crate::game::Capabilities,
}

/// The shipped variant files, for the page's variant menu: the registry's records that come
/// from a file.
fn shipped_variants() -> Vec<ShippedInfo> {
    registry::all()
        .iter()
        .filter(|r| r.file.is_some())
        .map(|r| ShippedInfo {
            name: r.name,
            aliases: &r.aliases,
            description: r.description,
            initial: r.text.initial,
            capabilities: r.capabilities,
        })
        .collect()
}

/// The variant a new game names and the board it starts from: a built-in variant (its board
/// file, or its initial position), or a shipped variant file by name (played as a variant
/// file: its own text unless a board file is given).
pub(crate) fn opening(
    variant: &str,
    board: Option<String>,
) -> Result<(VariantId, String), crate::game::UnknownVariant> {
    let record = registry::find(variant)?;
    Ok(match (board, record.file) {
        // A position of the shipped variant, as a FEN line (the page's setup box, a link's
        // `fen=`): the file, starting there.
        (Some(line), Some(file)) if is_fen_line(&line) => (
            record.id,
            format!("{POSITION_LINE}{}\n{}", line.trim(), file.text),
        ),
        // A whole variant file: its rules are its own, whatever the menu said.
        (Some(text), Some(_)) => (VariantId::Custom, text),
        (Some(text), None) => (record.id, text),
        (None, _) => (record.id, record.text.initial.to_string()),
    })
}

/// One line without a TOML key: a FEN, not a variant file.
fn is_fen_line(text: &str) -> bool {
    let text = text.trim();
    !text.is_empty() && !text.contains('\n') && !text.contains('=')
}

#[derive(Deserialize)]
struct Create {
    variant: String,
    /// A board file; the variant's initial position when absent.
    board: Option<String>,
    viewer: Option<String>,
    /// The computer plays one side (`web::computer`).
    computer: Option<ComputerRequest>,
}

async fn create(
    State(state): State<Shared>,
    ClientAddr(addr): ClientAddr,
    Json(req): Json<Create>,
) -> Result<Response, Refusal> {
    if !state.creations.allow(addr, Instant::now()) {
        return Err(Refusal {
            status: 429,
            message: "too many new games from this address: wait a minute".to_string(),
            square: None,
        });
    }
    let (variant, board) =
        opening(&req.variant, req.board).map_err(|e| Refusal::bad(e.to_string()))?;
    let info = registry::info(variant);
    if board.len() > MAX_BOARD_BYTES {
        return Err(Refusal::bad("the board file is too large"));
    }
    let id = new_token().map_err(|e| Refusal {
        status: 503,
        message: e,
        square: None,
    })?;
    let mut session = Session::new(id.clone(), info.id, &board)?;
    if let Some(c) = &req.computer {
        session.computer = Some(Computer::from_request(c, info.id, state.engine.is_some())?);
        // The person and the computer are two seats: a verdict only the side to move can
        // know waits for that side.
        session.private_verdicts = true;
    }
    let viewer = Viewer::parse(req.viewer.as_deref());
    store(&state, id.clone(), session)?;
    // The computer moves first when it plays the side to move.
    computer_reply(&state, &id).await?;
    let view = with_game(&state, &id, |g| Ok(g.view(viewer)))?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// Keeps a new game (dropping the oldest beyond `MAX_GAMES`).
fn store(state: &Shared, id: String, session: Session) -> Result<(), Refusal> {
    let mut games = state
        .games
        .lock()
        .map_err(|_| Refusal::bad("server state poisoned"))?;
    if games.len() >= MAX_GAMES {
        let oldest = games
            .iter()
            .min_by_key(|(_, (created, _))| *created)
            .map(|(id, _)| id.clone());
        if let Some(oldest) = oldest {
            games.remove(&oldest);
        }
    }
    let created = state.created.fetch_add(1, Ordering::Relaxed);
    games.insert(id, (created, session));
    Ok(())
}

/// Whether the server has an external engine for the computer side.
async fn computer_info(State(state): State<Shared>) -> Json<serde_json::Value> {
    Json(json!({ "external": state.engine.as_ref().map(|p| p.display().to_string()) }))
}

/// The computer's answer when it is to move: searched without holding the games' lock,
/// played only if the game did not change meanwhile.
async fn computer_reply(state: &Shared, id: &str) -> Result<(), Refusal> {
    let Some(task) = with_game(state, id, |g| Ok(computer::task(g)))? else {
        return Ok(());
    };
    let engine = state.engine.clone();
    let (task, answer) = tokio::task::spawn_blocking(move || {
        let answer = task.run(engine.as_deref());
        (task, answer)
    })
    .await
    .map_err(|_| Refusal::bad("the computer's search failed"))?;
    let text = answer.map_err(|e| Refusal::bad(format!("the computer cannot move: {e}")))?;
    with_game(state, id, |g| computer::apply(g, &task, &text))
}

#[derive(Deserialize)]
struct ViewQuery {
    viewer: Option<String>,
}

async fn view(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<ViewQuery>,
) -> Result<Response, Refusal> {
    with_game(&state, &id, |g| {
        Ok(Json(g.view(Viewer::parse(q.viewer.as_deref()))).into_response())
    })
}

#[derive(Deserialize)]
struct TargetsQuery {
    from: String,
}

async fn targets(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Query(q): Query<TargetsQuery>,
) -> Result<Response, Refusal> {
    let from = parse_origin(&q.from)?;
    with_game(&state, &id, |g| {
        Ok(Json(g.targets_for(from, Viewer::Player(g.mover()))).into_response())
    })
}

#[derive(Deserialize)]
struct Play {
    /// A move text in the variant's notation, or:
    text: Option<String>,
    from: Option<String>,
    to: Option<String>,
    promotion: Option<char>,
    /// A wall: `{ "square": "e4", "side": "west" | "south" }`.
    wall: Option<WallReq>,
    /// Confirms deleting the moves after the cursor.
    #[serde(default)]
    branch: bool,
    viewer: Option<String>,
}

#[derive(Deserialize)]
struct WallReq {
    square: String,
    side: String,
}

async fn play(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Json(req): Json<Play>,
) -> Result<Response, Refusal> {
    with_game(&state, &id, |g| {
        computer::refuse_person(g)?;
        if g.pending_verdict().is_some() {
            // No legal move, which only the person knows: any move asked for ends the game.
            return g.action("acknowledge");
        }
        let text = match (&req.text, &req.from, &req.to, &req.wall) {
            (Some(t), _, _, _) => t.clone(),
            (None, Some(f), Some(t), _) => {
                g.text_for(parse_square(f)?, parse_square(t)?, req.promotion)?
            }
            (None, _, _, Some(w)) => g.wall_text(parse_square(&w.square)?, &w.side)?,
            _ => return Err(Refusal::bad("give a move text, from and to, or a wall")),
        };
        if text.len() > 64 {
            return Err(Refusal::bad("the move text is too long"));
        }
        g.play(&text, req.branch)
    })?;
    computer_reply(&state, &id).await?;
    with_game(&state, &id, |g| {
        Ok(Json(g.view(Viewer::parse(req.viewer.as_deref()))).into_response())
    })
}

#[derive(Deserialize)]
struct Step {
    to: usize,
    viewer: Option<String>,
}

async fn step(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Json(req): Json<Step>,
) -> Result<Response, Refusal> {
    with_game(&state, &id, |g| {
        g.step(req.to)?;
        Ok(Json(g.view(Viewer::parse(req.viewer.as_deref()))).into_response())
    })
}

#[derive(Deserialize)]
struct Action {
    action: String,
    viewer: Option<String>,
}

async fn action(
    State(state): State<Shared>,
    Path(id): Path<String>,
    Json(req): Json<Action>,
) -> Result<Response, Refusal> {
    with_game(&state, &id, |g| {
        g.action(&req.action)?;
        Ok(Json(g.view(Viewer::parse(req.viewer.as_deref()))).into_response())
    })
}

fn download(name: String, text: String) -> Response {
    (
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response()
}

async fn board_file(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, Refusal> {
    with_game(&state, &id, |g| {
        Ok(download(
            format!("{}-{id}.board", g.variant),
            g.board_file(),
        ))
    })
}

async fn log_file(
    State(state): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, Refusal> {
    with_game(&state, &id, |g| {
        // PGN where the variant writes one (it starts with its tags), else a move per line.
        let log = g.log_text();
        let suffix = if log.starts_with('[') { "pgn" } else { "moves" };
        Ok(download(format!("{}-{id}.{suffix}", g.variant), log))
    })
}

/// Serves the page on `addr` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener) -> std::io::Result<()> {
    super::listen::serve(listener, router(), super::listen::Timeouts::default()).await
}

/// Serves the page with network games kept in `net` and an optional external UCI engine for
/// the computer side; a client is held to `timeouts` (headers, body, writes).
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    net: Arc<super::net::Net>,
    engine: Option<PathBuf>,
    timeouts: super::listen::Timeouts,
) -> std::io::Result<()> {
    super::listen::serve(listener, router_with(net, engine), timeouts).await
}
