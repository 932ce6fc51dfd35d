//! C programs at the workbench prompt, driven through `eval_line` with exact transcripts:
//! `load FILE.c` lowers the program (no goals), `theories` lists it, `show ir FUNCTION` prints a
//! function's IR with file:line:col, and a file with errors does not load.

use std::path::PathBuf;

use craig::repl::Workbench;

const PROGRAM: &str = "int total;\n\
int add(int x) {\n  total += x;\n  return total;\n}\n\
int main() {\n  int k = __VERIFIER_nondet_int();\n  if (k > 3) reach_error();\n  return add(k);\n}\n";

fn run(wb: &mut Workbench, line: &str) -> String {
    let mut out = Vec::new();
    wb.eval_line(line, &mut out);
    String::from_utf8(out).unwrap()
}

fn scratch(name: &str, file: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("craig-wbc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn load_and_show_ir_of_a_c_program() {
    let path = scratch("show", "prog.c", PROGRAM);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    assert_eq!(
        run(&mut wb, &format!("load {p}")),
        format!("loaded theory prog from {p}: C, 2 functions (no goals: try `show ir main`)\n")
    );
    assert_eq!(run(&mut wb, "theories"), format!("prog  {p}  C: 2 functions\n"));
    let expected = format!(
        "procedure add(x: int) returns (result: int)  -- {p}:2:5\n\
         \x20 modifies total\n\
         \x20 l0: (entry)\n\
         \x20     total := total + x; goto l2  -- {p}:3:3\n\
         \x20 l1: (exit)\n\
         \x20 l2:\n\
         \x20     result := total; goto l3  -- {p}:4:3\n\
         \x20 l3:\n\
         \x20     goto l1  -- {p}:4:3\n"
    );
    assert_eq!(run(&mut wb, "show ir add"), expected);
    let main = run(&mut wb, "show ir main");
    assert!(main.contains("total := 0; goto"), "{main}");
    assert!(main.contains("[error location unreachable: `reach_error` is unreachable]"), "{main}");
    assert!(main.contains(&format!("tmp2 := call add(k); goto l10  -- {p}:9:10")), "{main}");
    assert_eq!(
        run(&mut wb, "show ir nothing"),
        "error: no method `nothing` (methods: add, main)\n"
    );
}

#[test]
fn a_c_file_with_errors_does_not_load() {
    let path = scratch("errors", "bad.c", "int main() {\n  int *p;\n  return 0;\n}\n");
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    let out = run(&mut wb, &format!("load {p}"));
    assert!(
        out.starts_with(&format!(
            "error: cannot load {p} (1 problem):\n{p}:2:7: error: pointers are not in craig's \
             C subset"
        )),
        "{out}"
    );
    assert_eq!(run(&mut wb, "theories"), "no theories loaded (try `load FILE`)\n");
}
