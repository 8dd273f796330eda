//! Which client a remote address stands for, for the per-address limits (connections, new
//! games). An IPv4 client reaching a dual-stack listener (`--listen ::`) arrives as the
//! IPv4-mapped address `::ffff:a.b.c.d`: it is the IPv4 client, loopback included. An IPv6
//! client usually holds a whole /64 (its interface identifier is its own to choose), so IPv6
//! addresses are counted by their /64 prefix.

use std::net::{IpAddr, Ipv6Addr};

/// The address as the client's own family writes it: IPv4-mapped IPv6 becomes IPv4.
pub fn normalised(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// Is the client on this machine (after normalising: `::ffff:127.0.0.1` is)?
pub fn is_local(ip: IpAddr) -> bool {
    normalised(ip).is_loopback()
}

/// The key a client is counted under: its IPv4 address, or its IPv6 /64 prefix.
pub fn limit_key(ip: IpAddr) -> IpAddr {
    match normalised(ip) {
        IpAddr::V6(v6) => {
            let bits = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(bits))
        }
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().expect("an address")
    }

    #[test]
    fn ipv4_mapped_addresses_are_their_ipv4_client() {
        assert_eq!(normalised(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
        assert_eq!(limit_key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
        assert!(is_local(ip("::ffff:127.0.0.1")));
        assert!(is_local(ip("::1")) && is_local(ip("127.0.0.1")));
        assert!(!is_local(ip("::ffff:192.0.2.1")) && !is_local(ip("2001:db8::1")));
        // Not mapped: left alone.
        assert_eq!(normalised(ip("2001:db8::1")), ip("2001:db8::1"));
    }

    #[test]
    fn ipv6_clients_are_counted_by_their_64_prefix() {
        let key = limit_key(ip("2001:db8:1:2::1"));
        assert_eq!(key, ip("2001:db8:1:2::"));
        assert_eq!(limit_key(ip("2001:db8:1:2:ffff:ffff:ffff:ffff")), key);
        assert_ne!(limit_key(ip("2001:db8:1:3::1")), key);
        assert_eq!(limit_key(ip("198.51.100.7")), ip("198.51.100.7"));
    }
}
