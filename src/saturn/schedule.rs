//! The order functions are analysed in (callees first, as Saturn's bottom-up driver runs them)
//! and the threads that analyse them: every checker that works function by function goes
//! through here, so `--jobs` means the same for all of them and never changes the output.

use std::collections::BTreeSet;

use crate::ir::{Command, ProcId, Program};

/// The procedures, callees before callers (a depth-first post-order of the call graph from
/// every procedure in order; a recursive cycle is entered once).
pub fn bottom_up(program: &Program) -> Vec<ProcId> {
    let mut done = BTreeSet::new();
    let mut order = Vec::new();
    fn visit(program: &Program, id: ProcId, done: &mut BTreeSet<ProcId>, order: &mut Vec<ProcId>) {
        if !done.insert(id) {
            return;
        }
        if let Some(body) = &program.procedure(id).body {
            for e in &body.edges {
                if let Command::Call { callee, .. } = &e.command {
                    visit(program, *callee, done, order);
                }
            }
        }
        order.push(id);
    }
    for i in 0..program.procedures.len() {
        visit(program, ProcId(i as u32), &mut done, &mut order);
    }
    order
}

/// `check` of every function, on `jobs` threads taking the next function as they free up. The
/// results come back in the order of `functions` whatever the threads' timing. Each function is
/// analysed on its own (callees are expanded into it, not read from summaries), so every
/// function is ready at once.
pub fn in_parallel<T: Send>(
    functions: &[ProcId],
    jobs: usize,
    check: impl Fn(ProcId) -> T + Sync,
) -> Vec<T> {
    let mut results: Vec<Option<T>> = functions.iter().map(|_| None).collect();
    let jobs = jobs.clamp(1, functions.len().max(1));
    if jobs == 1 {
        for (slot, &id) in functions.iter().enumerate() {
            results[slot] = Some(check(id));
        }
    } else {
        let next = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|scope| {
            let (sender, receiver) = std::sync::mpsc::channel();
            for _ in 0..jobs {
                let sender = sender.clone();
                let (next, check) = (&next, &check);
                scope.spawn(move || {
                    loop {
                        let slot = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&id) = functions.get(slot) else { break };
                        if sender.send((slot, check(id))).is_err() {
                            break;
                        }
                    }
                });
            }
            // Only the workers hold senders now: the loop ends when the last one is done.
            drop(sender);
            for (slot, result) in receiver {
                results[slot] = Some(result);
            }
        });
    }
    results
        .into_iter()
        .map(|r| r.expect("every function is checked by exactly one thread"))
        .collect()
}

/// The default number of threads: the cores there are.
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
