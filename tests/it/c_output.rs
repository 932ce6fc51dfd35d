//! Output in C programs (`printf`, `puts`, `putchar`): the values printed are evaluated with
//! their checks, nothing the program can read back changes, and a result used is any `int`;
//! formats that read or write through pointers (`%s`, `%n`) and strings that are not literals
//! are refused where they are written.

use craig::c::read_c;
use craig::hol::Obligation;
use craig::ir::interpret::run;
use craig::syntax::{SourceMap, render_all};

use crate::common::{failed, returned};

fn read(text: &str) -> (Option<craig::ir::Program>, String) {
    let mut sources = SourceMap::new();
    let file = sources.add("t.c", None, text.to_string());
    let (program, diagnostics) = read_c(&mut sources, file);
    (program, render_all(&diagnostics, &sources))
}

fn run_main(text: &str, inputs: &[i64]) -> craig::ir::interpret::Outcome {
    let (program, rendered) = read(text);
    let p = program.unwrap_or_else(|| panic!("the program reads:\n{rendered}\n{text}"));
    let inputs: Vec<rug::Integer> = inputs.iter().map(|&v| v.into()).collect();
    run(&p, p.find("main").expect("a main function"), &inputs, 10_000)
}

#[test]
fn printing_keeps_the_state_and_checks_the_values_printed() {
    let text = "#include <stdio.h>\n\
        int g = 7;\n\
        int main(void) {\n\
          int x = 5;\n\
          printf(\"%d %5.2ld %% %c\\n\", x, (long) g, 'a');\n\
          puts(\"hello\");\n\
          putchar('\\n');\n\
          return x * 10 + g;\n\
        }\n";
    assert_eq!(returned(&run_main(text, &[])), 57);
    // A value printed is evaluated: its division by zero fails.
    let text =
        "#include <stdio.h>\nint main(void) { int z = 0; printf(\"%d\", 1 / z); return 0; }\n";
    assert_eq!(failed(&run_main(text, &[])), Obligation::DivisionByZero);
    // A result used is read like an input.
    let text = "#include <stdio.h>\nint main(void) { int n = printf(\"x\\n\"); return n; }\n";
    assert_eq!(returned(&run_main(text, &[3])), 3);
}

#[test]
fn formats_reading_or_writing_memory_are_refused_where_written() {
    for (call, expected) in [
        ("printf(\"%s\", s);", "`printf` formats with `%s` or `%n` are not in craig's C subset"),
        ("printf(\"%-10s\", s);", "`printf` formats with `%s` or `%n` are not in craig's C subset"),
        ("printf(\"%n\", &n);", "`printf` formats with `%s` or `%n` are not in craig's C subset"),
        ("printf(s);", "`printf` of a string that is not a literal is not in craig's C subset"),
        ("puts(s);", "`puts` of a string that is not a literal is not in craig's C subset"),
    ] {
        let text = format!(
            "#include <stdio.h>\nint main(void) {{ char *s = \"x\"; int n; {call} return 0; }}\n"
        );
        let (program, rendered) = read(&text);
        assert!(program.is_none(), "{call}");
        assert!(rendered.contains(expected), "{call}: {rendered}");
        assert!(rendered.contains("t.c:2:"), "{call}: {rendered}");
    }
    // `%%s` prints a percent sign and an `s`.
    let (program, rendered) =
        read("#include <stdio.h>\nint main(void) { printf(\"100%%s\\n\"); return 0; }\n");
    assert!(program.is_some(), "{rendered}");
}
