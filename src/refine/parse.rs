//! Reading a predicate the user types (`predicate add main:l7 "locked = 0 | old != next"`)
//! into a [`Pred`] over the inlined graph's variables: linear integer arithmetic, with both
//! C's spellings of the connectives (`==`, `&&`, `||`, `!`) and the ones craig prints (`=`,
//! `&`, `|`), so a label copied from `show art` reads back. The grammar is
//! `predicate.pest`; nothing outside this file sees pest types.

use super::RefineError;
use pest::Parser as _;
use pest::iterators::Pair;
use rug::Integer;

use super::formula::{Linear, Pred};
use crate::notation::{MAX_DEPTH, too_deep};
use crate::syntax::{FileId, pest_diagnostic};

mod grammar {
    //! The derived pest parser (kept private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "refine/predicate.pest"]
    pub struct PredicateParser;
}

use grammar::{PredicateParser, Rule};

/// Reads `text` as a predicate; `variable` resolves a name to its index. Errors name the
/// column (1-based) and what was expected, or the unknown variable, or the non-linear product.
pub fn parse_predicate(
    text: &str,
    variable: &dyn Fn(&str) -> Option<usize>,
) -> Result<Pred, RefineError> {
    // Only parentheses make the parser and the walk below recurse (negations, sums and
    // connectives are read as lists), so bounding their nesting bounds the stack.
    if let Some(at) = too_deep(text) {
        let column = text.get(..at).map_or(1, |s| s.chars().count() + 1);
        return Err(RefineError::Refused(format!(
            "column {column}: parentheses nested more than {MAX_DEPTH} deep"
        )));
    }
    let mut pairs = PredicateParser::parse(Rule::predicate, text).map_err(|e| {
        let d = pest_diagnostic(FileId(0), 0, text, &e, describe);
        let column = text.get(..d.primary.start as usize).map_or(1, |s| s.chars().count() + 1);
        RefineError::Refused(format!("column {column}: {}", d.message))
    })?;
    let top = pairs.next().expect("a predicate pair");
    let disjunction = top.into_inner().next().expect("the predicate's disjunction");
    Reader { variable }.disjunction(disjunction)
}

fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::disjunction | Rule::conjunction | Rule::negation => "a predicate",
        Rule::comparison | Rule::truth => "a comparison",
        Rule::relation => "a comparison (`<`, `<=`, `=`, `==`, `!=`, `>=`, `>`)",
        Rule::sum | Rule::product | Rule::factor => "a linear expression",
        Rule::number => "a number",
        Rule::variable => "a variable",
        Rule::EOI => "the end of the predicate",
        _ => return None,
    })
}

struct Reader<'a> {
    variable: &'a dyn Fn(&str) -> Option<usize>,
}

impl Reader<'_> {
    fn disjunction(&self, pair: Pair<'_, Rule>) -> Result<Pred, RefineError> {
        let parts = pair.into_inner().map(|c| self.conjunction(c)).collect::<Result<_, _>>()?;
        Ok(Pred::or(parts))
    }

    fn conjunction(&self, pair: Pair<'_, Rule>) -> Result<Pred, RefineError> {
        let parts = pair.into_inner().map(|n| self.negation(n)).collect::<Result<_, _>>()?;
        Ok(Pred::and(parts))
    }

    fn negation(&self, pair: Pair<'_, Rule>) -> Result<Pred, RefineError> {
        let mut negations = 0;
        let mut inner = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::not_op => negations += 1,
                _ => inner = Some(p),
            }
        }
        let inner = inner.expect("a negation's operand");
        let pred = match inner.as_rule() {
            Rule::truth => {
                if inner.as_str().eq_ignore_ascii_case("true") {
                    Pred::True
                } else {
                    Pred::False
                }
            }
            Rule::comparison => self.comparison(inner)?,
            Rule::disjunction => self.disjunction(inner)?,
            other => unreachable!("a primary is not {other:?}"),
        };
        Ok(if negations % 2 == 1 { pred.negate() } else { pred })
    }

    fn comparison(&self, pair: Pair<'_, Rule>) -> Result<Pred, RefineError> {
        let mut inner = pair.into_inner();
        let left = self.sum(inner.next().expect("a left side"))?;
        let relation = inner.next().expect("a relation");
        let right = self.sum(inner.next().expect("a right side"))?;
        Ok(match relation.as_str() {
            "<" => Pred::lt(&left, &right),
            "<=" => Pred::le(&left, &right),
            ">" => Pred::lt(&right, &left),
            ">=" => Pred::le(&right, &left),
            "=" | "==" => Pred::eq(&left, &right),
            "!=" => Pred::eq(&left, &right).negate(),
            other => unreachable!("the grammar has no relation {other}"),
        })
    }

    fn sum(&self, pair: Pair<'_, Rule>) -> Result<Linear, RefineError> {
        let mut total = Linear::default();
        let mut sign = Integer::from(1);
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::add_op => sign = Integer::from(if p.as_str() == "-" { -1 } else { 1 }),
                Rule::product => total = total.add_scaled(&self.product(p)?, &sign),
                other => unreachable!("a sum has no {other:?}"),
            }
        }
        Ok(total)
    }

    fn product(&self, pair: Pair<'_, Rule>) -> Result<Linear, RefineError> {
        let text = pair.as_str().trim().to_string();
        let mut result = Linear::constant(Integer::from(1));
        for f in pair.into_inner() {
            let factor = self.factor(f)?;
            result = match (result.as_constant(), factor.as_constant()) {
                (Some(k), _) => factor.scale(k),
                (None, Some(k)) => result.scale(k),
                (None, None) => {
                    return Err(RefineError::Unsupported(format!(
                        "`{text}` is not linear: the refinement engine reads linear integer \
                         arithmetic only"
                    )));
                }
            };
        }
        Ok(result)
    }

    fn factor(&self, pair: Pair<'_, Rule>) -> Result<Linear, RefineError> {
        let mut negative = false;
        let mut value = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::minus => negative = !negative,
                Rule::number => {
                    let n: Integer = p.as_str().parse().expect("digits make a number");
                    value = Some(Linear::constant(n));
                }
                Rule::variable => {
                    let name = p.as_str();
                    let v = (self.variable)(name)
                        .ok_or_else(|| RefineError::Refused(format!("no variable `{name}`")))?;
                    value = Some(Linear::variable(v));
                }
                Rule::sum => value = Some(self.sum(p)?),
                other => unreachable!("a factor has no {other:?}"),
            }
        }
        let value = value.expect("a factor's atom");
        Ok(if negative { value.scale(&Integer::from(-1)) } else { value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: usize) -> String {
        ["x", "y", "f::z"][v].to_string()
    }

    fn lookup(name: &str) -> Option<usize> {
        ["x", "y", "f::z"].iter().position(|n| *n == name)
    }

    fn read(text: &str) -> String {
        match parse_predicate(text, &lookup) {
            Ok(p) => p.show(&names),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn both_spellings_of_the_connectives_read_the_same() {
        assert_eq!(read("x == 0 && y != 1"), read("x = 0 & y != 1"));
        assert_eq!(read("x < 1 || !(y >= 2)"), read("x < 1 | y < 2"));
        assert_eq!(read("true"), "True");
        assert_eq!(read("!True"), "False");
    }

    #[test]
    fn a_printed_label_reads_back_as_itself() {
        for text in ["x <= y + 3", "x = 0 & (y <= -1 | f::z = 2)", "2*x + y != 7"] {
            let printed = read(text);
            assert_eq!(read(&printed), printed, "{text}");
        }
    }

    #[test]
    fn arithmetic_is_linear_and_integer() {
        assert_eq!(read("2 * (x - 1) < y"), read("2*x - 2 <= y - 1"));
        assert_eq!(read("-(x) > -3"), read("x < 3"));
        assert!(read("x * y = 1").contains("is not linear"), "{}", read("x * y = 1"));
    }

    #[test]
    fn errors_name_the_column_or_the_variable() {
        assert_eq!(read("w = 1"), "error: no variable `w`");
        let e = read("x = ");
        assert!(e.starts_with("error: column 5: expected"), "{e}");
        let e = read("x = 1 )");
        assert!(e.starts_with("error: column 7:"), "{e}");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 512,
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x5EED),
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Any line, printable or not, gives a predicate or an error, never a panic.
        #[test]
        fn any_text_reads_or_is_refused_without_a_panic(text in "\\PC{0,60}") {
            let _ = parse_predicate(&text, &lookup);
        }

        /// Texts made of the grammar's own tokens reach deeper than random characters do.
        #[test]
        fn token_soup_reads_or_is_refused_without_a_panic(
            tokens in proptest::collection::vec(
                proptest::sample::select(vec![
                    "x", "y", "f::z", "3", "0", "-", "+", "*", "(", ")", "<", "<=", "==", "=",
                    "!=", ">", ">=", "!", "&&", "&", "||", "|", "true", "False", " ",
                    "99999999999999999999999",
                ]),
                0..24,
            )
        ) {
            let text: String = tokens.concat();
            if let Ok(p) = parse_predicate(&text, &lookup) {
                // What reads, prints, and reads back to the same predicate.
                let printed = p.show(&names);
                proptest::prop_assert_eq!(parse_predicate(&printed, &lookup), Ok(p));
            }
        }
    }

    #[test]
    fn deep_nesting_is_refused_before_it_can_exhaust_the_stack() {
        let text = format!("{}x = 1{}", "(".repeat(5000), ")".repeat(5000));
        assert_eq!(read(&text), "error: column 201: parentheses nested more than 200 deep");
        // Many groups side by side nest only one deep.
        let wide = vec!["(x = 1)"; 300].join(" | ");
        assert_eq!(read(&wide), "x = 1");
    }
}
