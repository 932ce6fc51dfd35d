//! Regions: the map `γ` from symbols to (mode, box) pairs, and how a region is split (bisect
//! along a side of maximal length, round-robin among sides of equal length, as the paper's
//! experiments do; the choice of side is a [`SplitHeuristic`]).

use super::dfa::Symbol;
use super::interval::Interval;
use super::prune::IntervalBox;
use super::system::HybridSystem;

/// One region `γ(b) = (mode, box)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Region {
    /// The mode.
    pub mode: usize,
    /// The box of continuous states.
    pub space: IntervalBox,
    /// Where the round-robin over equal sides continues (the side after the last one split).
    pub rotation: usize,
}

impl Region {
    /// The region as the prompt and the command line print it: its mode, then each
    /// variable's interval (`m1: x1 in [0, 1], x2 in [0, 0.5]`).
    pub fn describe(&self, system: &HybridSystem) -> String {
        let sides: Vec<String> = self
            .space
            .iter()
            .zip(&system.variables)
            .map(|(i, name)| format!("{name} in {i}"))
            .collect();
        format!("{}: {}", system.modes[self.mode], sides.join(", "))
    }
}

/// Chooses the side along which a region is bisected.
pub trait SplitHeuristic {
    /// The side to bisect, or `None` when the region cannot be split (every side a point).
    fn side(&self, region: &Region) -> Option<usize>;
}

/// The paper's heuristic: a side of maximal length, the first at or after the region's
/// rotation among equally long ones.
#[derive(Clone, Copy, Debug, Default)]
pub struct LongestSideRoundRobin;

impl SplitHeuristic for LongestSideRoundRobin {
    fn side(&self, region: &Region) -> Option<usize> {
        let widths: Vec<f64> = region.space.iter().map(|i| i.hi - i.lo).collect();
        let longest = widths.iter().copied().fold(0.0, f64::max);
        if longest <= 0.0 || !longest.is_finite() {
            return None;
        }
        let n = widths.len();
        (0..n).map(|k| (region.rotation + k) % n).find(|&j| widths[j] == longest)
    }
}

/// The regions by symbol; a removed symbol keeps its number (the alphabet only grows).
#[derive(Clone, Debug, PartialEq)]
pub struct Regions {
    /// `γ(b)` for each symbol `b`, `None` once the region was found unreachable.
    pub regions: Vec<Option<Region>>,
}

impl Regions {
    /// One region per mode over the whole box (the paper starts from one symbol for all of `Φ`;
    /// a region is a (mode, box) pair, so one per mode is the coarsest such cover).
    pub fn initial(modes: usize, space: &[Interval]) -> Regions {
        Regions {
            regions: (0..modes)
                .map(|mode| Some(Region { mode, space: space.to_vec(), rotation: 0 }))
                .collect(),
        }
    }

    /// The region of a symbol, if it still exists.
    pub fn get(&self, symbol: Symbol) -> Option<&Region> {
        self.regions.get(symbol as usize).and_then(|r| r.as_ref())
    }

    /// The symbols whose regions exist, in order.
    pub fn live(&self) -> Vec<Symbol> {
        (0..self.regions.len() as Symbol).filter(|&s| self.get(s).is_some()).collect()
    }

    /// The number of symbols ever made (the alphabet's size).
    pub fn alphabet(&self) -> usize {
        self.regions.len()
    }

    /// Bisects `γ(symbol)` along the heuristic's side: the lower half stays `symbol`, the upper
    /// half becomes the fresh symbol returned. `None` when it cannot be split.
    pub fn split(&mut self, symbol: Symbol, heuristic: &dyn SplitHeuristic) -> Option<Symbol> {
        let region = self.get(symbol)?.clone();
        let side = heuristic.side(&region)?;
        let interval = region.space[side];
        let middle = interval.midpoint();
        if middle <= interval.lo || middle >= interval.hi {
            return None;
        }
        let rotation = (side + 1) % region.space.len().max(1);
        let mut lower = region.clone();
        lower.space[side] = Interval { lo: interval.lo, hi: middle };
        lower.rotation = rotation;
        let mut upper = region;
        upper.space[side] = Interval { lo: middle, hi: interval.hi };
        upper.rotation = rotation;
        self.regions[symbol as usize] = Some(lower);
        self.regions.push(Some(upper));
        Some(self.regions.len() as Symbol - 1)
    }

    /// The largest side of a region (the split order's key).
    pub fn longest_side(&self, symbol: Symbol) -> f64 {
        self.get(symbol).map_or(0.0, |r| r.space.iter().map(|i| i.hi - i.lo).fold(0.0, f64::max))
    }
}
