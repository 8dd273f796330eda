//! Rate limits: a token bucket per WebSocket connection (commands) and per client address
//! (new network games), so one client cannot flood a game or fill the database.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// A token bucket: `burst` tokens at first, refilled at `per_second`; one token per request.
pub struct TokenBucket {
    tokens: f64,
    at: Instant,
    burst: f64,
    per_second: f64,
}

impl TokenBucket {
    pub fn new(burst: f64, per_second: f64, now: Instant) -> TokenBucket {
        TokenBucket {
            tokens: burst,
            at: now,
            burst,
            per_second,
        }
    }

    fn refill(&mut self, now: Instant) {
        let refill = now.saturating_duration_since(self.at).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.at = now;
    }

    /// Takes a token if there is one.
    pub fn allow(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn is_full(&mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= self.burst
    }
}

/// Addresses remembered before full (idle) buckets are forgotten.
const MAX_ADDRESSES: usize = 10_000;

/// One token bucket per client address (an IPv6 client per /64, an IPv4-mapped address as its
/// IPv4 client: `web::address`). Loopback clients are not limited: whoever runs programs on the
/// server's own machine can do anything there anyway, and the load test and local pages come
/// from there.
pub struct PerAddress {
    buckets: Mutex<HashMap<IpAddr, TokenBucket>>,
    burst: f64,
    per_second: f64,
}

impl PerAddress {
    pub fn new(burst: f64, per_second: f64) -> PerAddress {
        PerAddress {
            buckets: Mutex::new(HashMap::new()),
            burst,
            per_second,
        }
    }

    /// May a request from `addr` go ahead? No address known (an in-process caller): yes.
    pub fn allow(&self, addr: Option<IpAddr>, now: Instant) -> bool {
        let Some(ip) = addr.filter(|ip| !crate::web::address::is_local(*ip)) else {
            return true;
        };
        let ip = crate::web::address::limit_key(ip);
        let Ok(mut buckets) = self.buckets.lock() else {
            return false;
        };
        if buckets.len() >= MAX_ADDRESSES && !buckets.contains_key(&ip) {
            buckets.retain(|_, b| !b.is_full(now));
            if buckets.len() >= MAX_ADDRESSES {
                // Ten thousand addresses all busy at once: refuse newcomers until some calm.
                return false;
            }
        }
        buckets
            .entry(ip)
            .or_insert_with(|| TokenBucket::new(self.burst, self.per_second, now))
            .allow(now)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_bucket_allows_its_burst_then_its_rate() {
        let t0 = Instant::now();
        let mut b = TokenBucket::new(3.0, 2.0, t0);
        assert!((0..3).all(|_| b.allow(t0)));
        assert!(!b.allow(t0));
        assert!(b.allow(t0 + Duration::from_millis(500)));
        assert!(!b.allow(t0 + Duration::from_millis(500)));
    }

    #[test]
    fn each_remote_address_has_its_own_bucket_and_loopback_none() {
        let t0 = Instant::now();
        let limits = PerAddress::new(2.0, 0.1);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "198.51.100.7".parse().unwrap();
        assert!(limits.allow(Some(a), t0) && limits.allow(Some(a), t0));
        assert!(!limits.allow(Some(a), t0));
        assert!(limits.allow(Some(b), t0));
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        assert!((0..100).all(|_| limits.allow(Some(local), t0)));
        assert!((0..100).all(|_| limits.allow(None, t0)));
        assert!(limits.allow(Some(a), t0 + Duration::from_secs(10)));
    }

    #[test]
    fn one_ipv6_64_is_one_client_and_mapped_loopback_is_loopback() {
        let t0 = Instant::now();
        let limits = PerAddress::new(2.0, 0.1);
        let ip = |t: &str| Some(t.parse::<IpAddr>().unwrap());
        assert!(limits.allow(ip("2001:db8:5:6::1"), t0));
        assert!(limits.allow(ip("2001:db8:5:6::2"), t0));
        assert!(!limits.allow(ip("2001:db8:5:6:ffff::3"), t0));
        assert!(limits.allow(ip("2001:db8:5:7::1"), t0));
        assert!(limits.allow(ip("192.0.2.1"), t0) && limits.allow(ip("::ffff:192.0.2.1"), t0));
        assert!(!limits.allow(ip("192.0.2.1"), t0));
        assert!((0..100).all(|_| limits.allow(ip("::ffff:127.0.0.1"), t0)));
    }
}
