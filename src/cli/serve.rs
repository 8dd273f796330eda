//! `chessrules serve`: the board in a browser, and network games between two browsers.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{bail, Context};
use clap::Args;

use chessrules::web::net::{default_db_path, Net};

#[derive(Args)]
pub struct ServeArgs {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on: an IP (with --port) or IP:PORT. Loopback by default; give
    /// 0.0.0.0 to let other computers on the network join games.
    #[arg(long, alias = "host", value_name = "ADDR")]
    listen: Option<String>,
    /// SQLite file keeping network games (default: chessrules/games.sqlite in the user's
    /// data directory).
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// A UCI engine (e.g. /usr/games/stockfish) the page may choose as the computer side in
    /// standard and obstacle chess.
    #[arg(long)]
    engine: Option<std::path::PathBuf>,
    /// Milliseconds a client has to send a request's headers (tests shorten it).
    #[arg(long, hide = true, default_value_t = 10_000)]
    header_timeout_ms: u64,
    /// Milliseconds a client has to send a request's body once its headers arrived.
    #[arg(long, hide = true, default_value_t = 10_000)]
    body_timeout_ms: u64,
    /// Milliseconds a write to a client may wait without progress before the connection closes.
    #[arg(long, hide = true, default_value_t = 10_000)]
    write_timeout_ms: u64,
}

/// `--listen`: an IP address (the port from --port) or a full socket address.
fn listen_addr(args: &ServeArgs) -> anyhow::Result<SocketAddr> {
    let Some(text) = args.listen.as_deref() else {
        return Ok(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), args.port));
    };
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return Ok(addr);
    }
    if let Ok(ip) = text.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, args.port));
    }
    bail!("--listen {text}: give an IP address (0.0.0.0) or IP:PORT (0.0.0.0:8080)")
}

/// The game store: `--db` must open; the default may fail (no data directory, read-only
/// home), and then network games last until the server stops (the page still works).
fn open_store(args: &ServeArgs) -> anyhow::Result<std::sync::Arc<Net>> {
    if let Some(path) = &args.db {
        return Net::open(path)
            .map_err(anyhow::Error::msg)
            .with_context(|| format!("cannot open the game store {}", path.display()));
    }
    let opened = match default_db_path() {
        Some(path) => Net::open(&path).map_err(|e| format!("{}: {e}", path.display())),
        None => Err("no data directory".to_string()),
    };
    opened.or_else(|why| {
        errln!("chessrules serve: {why}; network games last until the server stops (use --db)");
        Net::memory().map_err(anyhow::Error::msg)
    })
}

pub fn run(args: ServeArgs) -> anyhow::Result<ExitCode> {
    let addr = listen_addr(&args)?;
    chessrules::web::listen::raise_open_file_limit();
    let net = open_store(&args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_io()
        .enable_time()
        .build()
        .context("cannot start the server runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("cannot listen on {addr}"))?;
        let url = format!("http://{}/", listener.local_addr()?);
        // The first line of output is the address (the browser tests read it). A closed
        // stdout must not stop the server.
        let mut out = std::io::stdout();
        let _ = writeln!(out, "chessrules serve: open {url}");
        if addr.ip().is_unspecified() {
            let _ = writeln!(
                out,
                "chessrules serve: listening on every interface: other computers open http://THIS-COMPUTER'S-ADDRESS:{}/",
                listener.local_addr()?.port()
            );
        }
        let _ = out.flush();
        if args.open {
            open_browser(&url);
        }
        let ms = |v: u64| std::time::Duration::from_millis(v.max(1));
        let timeouts = chessrules::web::listen::Timeouts {
            header: ms(args.header_timeout_ms),
            body: ms(args.body_timeout_ms),
            write: ms(args.write_timeout_ms),
        };
        chessrules::web::serve_with(listener, net, args.engine, timeouts)
            .await
            .context("server stopped")
    })?;
    Ok(ExitCode::SUCCESS)
}

/// Best effort: the page still works when no opener is installed.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        errln!("could not open a browser ({e}); open {url} yourself");
    }
}
