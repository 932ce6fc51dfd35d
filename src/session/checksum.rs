//! A small stable checksum for file contents. It only has to notice edits, not resist attacks,
//! and it must give the same value on every platform and build forever, which rules out std's
//! randomly seeded hasher: FNV-1a over 64 bits is tiny and fixed.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A 64-bit FNV-1a checksum, written as `fnv1a64:` and 16 hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Checksum(pub u64);

const PREFIX: &str = "fnv1a64:";

/// The FNV-1a 64-bit hash of `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> Checksum {
    const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut hash = OFFSET_BASIS;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(PRIME);
    }
    Checksum(hash)
}

impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PREFIX}{:016x}", self.0)
    }
}

impl Serialize for Checksum {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Checksum {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.strip_prefix(PREFIX)
            .filter(|hex| hex.len() == 16)
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .map(Checksum)
            .ok_or_else(|| serde::de::Error::custom(format!("bad checksum `{text}`")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // Reference values of the FNV-1a 64 definition.
        assert_eq!(fnv1a64(b"").0, 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a").0, 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"a").to_string(), "fnv1a64:af63dc4c8601ec8c");
    }
}
