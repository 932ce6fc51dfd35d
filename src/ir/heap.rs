//! The names and numbers of the heap model a front end lowers pointers into (the C front end's
//! `$memory`, `$state`, ...), shared so that analyses reading a lowered program's heap (Saturn's
//! leak checker, a replayed run's lost objects) need no front end.
//!
//! An address is the integer `object * OBJECT_STRIDE + offset`; object 0 is `NULL`'s. Memory is
//! one function from addresses to values, and each object has a state in [`STATE`]: one of the
//! `*_STATE` numbers below.

/// The distance between two objects' addresses.
pub const OBJECT_STRIDE: u64 = 1 << 40;
/// log2 of [`OBJECT_STRIDE`]: the bits of an address below its object's number.
pub const OBJECT_SHIFT: u32 = 40;
/// The contents of memory, by address.
pub const MEMORY: &str = "$memory";
/// Each object's state ([`HEAP_STATE`], ...).
pub const STATE: &str = "$state";
/// Each object's size in bytes.
pub const SIZE: &str = "$size";
/// The type code of each object's scalars.
pub const WIDTH: &str = "$width";
/// How many objects were allocated.
pub const NEXT_OBJECT: &str = "$next_object";
/// How many heap objects are not freed yet.
pub const LIVE_HEAP: &str = "$live_heap";
/// Every variable of the model.
pub const ALL: [&str; 6] = [MEMORY, STATE, SIZE, WIDTH, NEXT_OBJECT, LIVE_HEAP];
/// The state of a live heap object.
pub const HEAP_STATE: i64 = 1;
/// The state of a freed heap object.
pub const FREED_STATE: i64 = 2;
/// The state of a live stack or static object.
pub const STACK_STATE: i64 = 3;
/// The state of a stack object whose function returned or whose block was left.
pub const DEAD_STATE: i64 = 4;
