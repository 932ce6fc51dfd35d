//! The functions the C front end knows by heart: SV-COMP's conventions (`__VERIFIER_nondet_*`,
//! `__VERIFIER_assume`, `__VERIFIER_error`, `reach_error`) and the C library functions they lean
//! on (`abort`, `exit`, `__assert_fail`, `assert`), and the C library's memory allocation
//! (`malloc`, `calloc`, `realloc`, `alloca`, `free`), and output to the standard stream (`printf`,
//! `puts`, `putchar`). Their declarations and definitions in a file
//! are skipped (see `parse.rs`): their meaning is fixed here.

use super::ast::{DataModel, IntType};

/// What a call to a known function means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Builtin {
    /// An arbitrary value of an integer type.
    Nondet(IntType),
    /// `__VERIFIER_assume(e)`, `assume(e)`: runs where `e` does not hold are cut off.
    Assume,
    /// `assert(e)`, and `__VERIFIER_assert(e)` when the file does not define it.
    Assert,
    /// `reach_error()`, `__VERIFIER_error()`: the error location, which must be unreachable.
    Error,
    /// `__assert_fail(...)`, where glibc's `assert` goes when its condition is false: a failed
    /// assertion, and the program aborts. (SV-COMP's `reach_error` calls it too, but craig
    /// skips that definition: the error location means itself.)
    AssertFail,
    /// `abort()`: the run ends here.
    Abort,
    /// `exit(n)`: the program ends here, as when `main` returns (memory still allocated is
    /// what `valid-memcleanup` asks about).
    Exit,
    /// `malloc(n)`: a fresh heap object of `n` bytes with indeterminate contents.
    Malloc,
    /// `calloc(k, n)`: a fresh heap object of `k * n` bytes, all zero.
    Calloc,
    /// `realloc(p, n)`: `malloc(n)` when `p` is `NULL`; otherwise a fresh heap object of `n`
    /// bytes holding the first bytes of `p`'s object, which is freed (when the new object
    /// cannot be allocated, the result is `NULL` and `p`'s object stays as it was).
    Realloc,
    /// `alloca(n)`, `__builtin_alloca(n)`: a fresh object of `n` bytes on the caller's stack,
    /// gone when the caller returns.
    Alloca,
    /// `free(p)`: the heap object `p` points to is released; `free(NULL)` does nothing.
    Free,
    /// `printf(format, ...)`, `puts(s)`, `putchar(c)`: output, which changes nothing a program
    /// can read back (craig reads formats that neither read strings through pointers, `%s`,
    /// nor write through them, `%n`); the result, where it is used, is any `int`.
    Output,
}

impl Builtin {
    /// True for the functions that return a new object: `malloc`, `calloc`, `realloc` and
    /// `alloca`.
    pub fn allocates(&self) -> bool {
        matches!(self, Builtin::Malloc | Builtin::Calloc | Builtin::Realloc | Builtin::Alloca)
    }

    /// True for the functions of the memory model: the allocators and `free`.
    pub fn is_memory(&self) -> bool {
        self.allocates() || *self == Builtin::Free
    }
}

/// A signed type of `bits` bits.
fn signed(bits: u32) -> Builtin {
    Builtin::Nondet(IntType { bits, signed: true })
}

/// An unsigned type of `bits` bits.
fn unsigned(bits: u32) -> Builtin {
    Builtin::Nondet(IntType { bits, signed: false })
}

/// The meaning of a call to `name`, if craig knows it. `__VERIFIER_assert` is known only when
/// the file does not define it (SV-COMP files usually do, calling `reach_error`).
pub fn builtin(name: &str) -> Option<Builtin> {
    builtin_for(name, DataModel::Lp64)
}

/// [`builtin`] for a program read under `model`, where `long` has the model's width.
pub fn builtin_for(name: &str, model: DataModel) -> Option<Builtin> {
    if let Some(kind) = name.strip_prefix("__VERIFIER_nondet_") {
        return nondet(kind, model);
    }
    Some(match name {
        "__VERIFIER_assume" | "assume" => Builtin::Assume,
        "assert" | "__VERIFIER_assert" => Builtin::Assert,
        "reach_error" | "__VERIFIER_error" => Builtin::Error,
        "__assert_fail" => Builtin::AssertFail,
        "abort" => Builtin::Abort,
        "exit" => Builtin::Exit,
        "malloc" => Builtin::Malloc,
        "calloc" => Builtin::Calloc,
        "realloc" => Builtin::Realloc,
        "alloca" | "__builtin_alloca" => Builtin::Alloca,
        "free" => Builtin::Free,
        "printf" | "puts" | "putchar" => Builtin::Output,
        _ => return None,
    })
}

/// The values of `__VERIFIER_nondet_KIND`, for the integer kinds SV-COMP uses (`long` and
/// `size_t` as wide as the data model has them).
pub fn nondet(kind: &str, model: DataModel) -> Option<Builtin> {
    let long = model.long().bits;
    Some(match kind {
        "int" => signed(32),
        "uint" | "unsigned" | "u32" => unsigned(32),
        "bool" | "_Bool" => Builtin::Nondet(IntType::BOOL),
        "char" => signed(8),
        "uchar" => unsigned(8),
        "short" => signed(16),
        "ushort" => unsigned(16),
        "long" => signed(long),
        "ulong" | "size_t" => unsigned(long),
        "longlong" => signed(64),
        "ulonglong" => unsigned(64),
        _ => return None,
    })
}

/// True for functions whose declarations and definitions a file may contain but craig
/// replaces by its own meaning (every known function but `__VERIFIER_assert`, which SV-COMP
/// files define in plain C).
pub fn is_builtin_function(name: &str) -> bool {
    name != "__VERIFIER_assert"
        && (name.starts_with("__VERIFIER_nondet_") || builtin(name).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nondet_ranges_follow_the_types() {
        assert_eq!(builtin("__VERIFIER_nondet_int"), Some(Builtin::Nondet(IntType::INT)));
        let Some(Builtin::Nondet(uchar)) = builtin("__VERIFIER_nondet_uchar") else {
            panic!("uchar is an integer kind")
        };
        assert_eq!((uchar.min(), uchar.max()), (0.into(), 255.into()));
        assert_eq!(builtin("__VERIFIER_nondet_float"), None);
        assert!(is_builtin_function("reach_error"));
        assert!(is_builtin_function("__VERIFIER_nondet_float"));
        assert!(!is_builtin_function("__VERIFIER_assert"));
        assert!(!is_builtin_function("main"));
    }
}
