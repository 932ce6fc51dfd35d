//! Struct and union types: tags resolved (a `struct node` named before its definition, as a
//! self-referential `struct node *next` does, is the same type once defined), fields read, and
//! the layout GCC gives them on x86-64 (LP64 sizes, each field at a multiple of its
//! alignment, the size rounded up to the largest alignment). What would make GCC's layout
//! differ from that rule (bit-fields, `packed` and `aligned` attributes, flexible array
//! members, anonymous members) is refused, because a wrong offset or size would be a wrong
//! verdict.

use lang_c::ast as c;
use lang_c::span::Node;

use super::super::ast::*;
use super::Converter;
use super::types::{Refusal, declarator_shape};
use crate::syntax::Span;

/// A field as read, before it is laid out: its name, its type (an array's elements'), its
/// number of elements for an array and its row sizes for a multi-dimensional one.
type ReadField = (String, CType, Option<u64>, Vec<u64>);

/// The note of refusals of struct layouts.
const LAYOUT_NOTE: &str = "craig's C lays structs out as GCC does without attributes: fields of \
     integer, pointer, struct and fixed-size array types";

impl Converter<'_> {
    /// The type a `struct` or `union` specifier names, defining it when it has fields.
    pub(super) fn struct_type(
        &mut self,
        s: &Node<c::StructType>,
        at: Span,
    ) -> Result<CType, Refusal> {
        let union = matches!(s.node.kind.node, c::StructKind::Union);
        let keyword = if union { "union" } else { "struct" };
        let tag = s.node.identifier.as_ref().map(|i| i.node.name.clone());
        let Some(declarations) = &s.node.declarations else {
            // A reference by tag: the type defined (or to be defined) under it.
            let tag = tag.unwrap_or_default();
            let id = match self.struct_tags.get(&tag) {
                Some(&id) => id,
                None => {
                    let id = self.new_struct(format!("{keyword} {tag}"), union, at);
                    self.struct_tags.insert(tag, id);
                    id
                }
            };
            return match self.struct_refusals.get(&id) {
                Some(r) => Err(r.clone()),
                None => Ok(CType::Struct(id)),
            };
        };
        let id = match tag.as_ref().and_then(|t| self.struct_tags.get(t)) {
            Some(&id) if self.unit.structs[id.0 as usize].fields.is_none() => id,
            _ => {
                let name = format!("{keyword} {}", tag.as_deref().unwrap_or("<anonymous>"));
                let id = self.new_struct(name, union, at);
                if let Some(tag) = &tag {
                    self.struct_tags.insert(tag.clone(), id);
                }
                id
            }
        };
        self.unit.structs[id.0 as usize].span = at;
        let written = self.text.text.get(s.span.start..s.span.end).unwrap_or_default();
        let head = written.split('{').next().unwrap_or_default();
        if head.contains("packed") || head.contains("aligned") {
            let r = Refusal::construct(at, "`packed` and `aligned` structs are", LAYOUT_NOTE);
            self.struct_refusals.insert(id, r.clone());
            return Err(r);
        }
        match self.struct_fields(declarations) {
            Ok(fields) => {
                let (fields, size, align) =
                    lay_out(fields, union, &self.unit.structs, self.unit.data_model);
                let layout = &mut self.unit.structs[id.0 as usize];
                layout.fields = Some(fields);
                layout.size = size;
                layout.align = align;
                Ok(CType::Struct(id))
            }
            Err(r) => {
                self.struct_refusals.insert(id, r.clone());
                Err(r)
            }
        }
    }

    /// `struct S { ... } __attribute__((packed))`: the attribute follows the definition among
    /// the declaration's specifiers, and changes the struct's layout, which is then refused.
    pub(super) fn layout_attributes(
        &mut self,
        specifiers: &[Node<c::DeclarationSpecifier>],
        ty: Result<CType, Refusal>,
    ) -> Result<CType, Refusal> {
        let packed = specifiers.iter().find_map(|s| match &s.node {
            c::DeclarationSpecifier::Extension(e)
                if e.iter().any(|e| layout_attribute(&e.node)) =>
            {
                Some(self.span(s))
            }
            _ => None,
        });
        if let (Ok(CType::Struct(id)), Some(at)) = (&ty, packed) {
            let r = Refusal::construct(at, "`packed` and `aligned` structs are", LAYOUT_NOTE);
            self.struct_refusals.insert(*id, r.clone());
            return Err(r);
        }
        ty
    }

    fn new_struct(&mut self, name: String, union: bool, span: Span) -> StructId {
        let id = StructId(self.unit.structs.len() as u32);
        self.unit.structs.push(StructLayout { name, union, span, fields: None, size: 0, align: 1 });
        id
    }

    /// The fields of a definition, in order: name, type and number of elements.
    fn struct_fields(
        &mut self,
        declarations: &[Node<c::StructDeclaration>],
    ) -> Result<Vec<ReadField>, Refusal> {
        let mut fields = Vec::new();
        for d in declarations {
            let c::StructDeclaration::Field(field) = &d.node else { continue };
            let field_span = self.span(field);
            let base = self.qualified_type(&field.node.specifiers);
            for declarator in &field.node.declarators {
                if let Some(width) = &declarator.node.bit_width {
                    let at = self.span(width);
                    return Err(Refusal::construct(at, "bit-fields are", LAYOUT_NOTE));
                }
                let Some(d) = &declarator.node.declarator else {
                    return Err(Refusal::construct(
                        field_span,
                        "anonymous members are",
                        LAYOUT_NOTE,
                    ));
                };
                if d.node.extensions.iter().any(|e| layout_attribute(&e.node)) {
                    let at = self.span(d);
                    return Err(Refusal::construct(
                        at,
                        "`packed` and `aligned` fields are",
                        LAYOUT_NOTE,
                    ));
                }
                let shape = declarator_shape(d, self.text);
                let name = shape.name.clone().map(|n| n.name).unwrap_or_default();
                let (ty, dimension, rows) = self.declared_variable_type(&base, &shape)?;
                self.rows.note_field(&name, &rows);
                let stride: u64 = rows.iter().product();
                let array = match dimension {
                    None => None,
                    Some((c::ArraySize::VariableExpression(e), _))
                    | Some((c::ArraySize::StaticExpression(e), _)) => {
                        match self.constant(e).and_then(|n| n.to_u64()?.checked_mul(stride)) {
                            Some(n) => Some(n),
                            None => {
                                let at = self.span(e);
                                return Err(Refusal::construct(
                                    at,
                                    "array fields whose size is not a constant are",
                                    LAYOUT_NOTE,
                                ));
                            }
                        }
                    }
                    Some((_, at)) => {
                        return Err(Refusal::construct(
                            at,
                            "flexible array members are",
                            LAYOUT_NOTE,
                        ));
                    }
                };
                let incomplete = match ty {
                    CType::Void => true,
                    CType::Struct(s) => self.unit.structs[s.0 as usize].fields.is_none(),
                    _ => false,
                };
                if incomplete {
                    let at = shape.name.map_or(field_span, |n| n.span);
                    return Err(Refusal::new(
                        at,
                        format!("the field `{name}` has an incomplete type"),
                        "define its struct before this one, or point to it",
                    ));
                }
                fields.push((name, ty, array, rows));
            }
        }
        Ok(fields)
    }
}

/// True for an attribute that changes a layout.
fn layout_attribute(e: &c::Extension) -> bool {
    matches!(e, c::Extension::Attribute(a)
        if a.name.node.contains("packed") || a.name.node.contains("aligned"))
}

/// GCC's layout of the fields: offsets, size and alignment.
fn lay_out(
    fields: Vec<ReadField>,
    union: bool,
    structs: &[StructLayout],
    model: DataModel,
) -> (Vec<Field>, u64, u64) {
    let mut laid = Vec::new();
    let (mut end, mut align) = (0u64, 1u64);
    for (name, ty, array, rows) in fields {
        let (size, a) = ty.size_and_align(structs, model);
        let size = size.saturating_mul(array.unwrap_or(1));
        align = align.max(a);
        let offset = if union { 0 } else { end.div_ceil(a) * a };
        end = if union { end.max(size) } else { offset.saturating_add(size) };
        laid.push(Field { name, ty, array, rows, offset });
    }
    (laid, end.div_ceil(align) * align, align)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_aligned_and_the_size_rounded_up() {
        let long = CType::Int(IntType::LONG);
        let char_ = CType::Int(IntType::CHAR);
        let fields = vec![
            ("c".to_string(), char_, None, Vec::new()),
            ("l".to_string(), long, None, Vec::new()),
            ("d".to_string(), char_, Some(3), Vec::new()),
        ];
        let (laid, size, align) = lay_out(fields.clone(), false, &[], DataModel::Lp64);
        assert_eq!(laid.iter().map(|f| f.offset).collect::<Vec<_>>(), vec![0, 8, 16]);
        assert_eq!((size, align), (24, 8));
        let (laid, size, align) = lay_out(fields, true, &[], DataModel::Lp64);
        assert!(laid.iter().all(|f| f.offset == 0));
        assert_eq!((size, align), (8, 8));
    }
}
