//! A small SVG writer for the games' drawings (`POST /v1/{game}/render`): hand-written
//! elements, so that the same state gives the same bytes. Numbers are written with one fixed
//! decimal at most ([`num`]), text is escaped ([`escape`]), and no font or asset is fetched
//! (`font-family: sans-serif`).

use std::fmt::Write as _;

/// A number as the drawing writes it: rounded to one decimal, the `.0` of a whole number left
/// off, never `-0`.
pub fn num(value: f64) -> String {
    let tenths = (value * 10.0).round() as i64;
    let sign = if tenths < 0 { "-" } else { "" };
    let (whole, tenth) = (tenths.abs() / 10, tenths.abs() % 10);
    if tenth == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{tenth}")
    }
}

/// Text and attribute values with XML's special characters escaped (`MS&C`).
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// How a shape is filled and outlined (CSS colours; `none` for no fill).
#[derive(Debug, Clone, Copy)]
pub struct Paint<'a> {
    pub fill: &'a str,
    pub stroke: &'a str,
    pub stroke_width: f64,
}

impl<'a> Paint<'a> {
    /// Filled, without an outline.
    pub fn fill(fill: &'a str) -> Paint<'a> {
        Paint {
            fill,
            stroke: "none",
            stroke_width: 0.0,
        }
    }

    /// Filled and outlined, one unit wide.
    pub fn outlined(fill: &'a str, stroke: &'a str) -> Paint<'a> {
        Paint {
            fill,
            stroke,
            stroke_width: 1.0,
        }
    }

    pub fn width(self, stroke_width: f64) -> Paint<'a> {
        Paint {
            stroke_width,
            ..self
        }
    }

    fn attributes(&self) -> String {
        if self.stroke == "none" {
            format!("fill=\"{}\"", escape(self.fill))
        } else {
            format!(
                "fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"",
                escape(self.fill),
                escape(self.stroke),
                num(self.stroke_width)
            )
        }
    }
}

/// Where a text's `x` is: its start, its middle or its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// How a text is set: its size, anchor, colour and weight.
#[derive(Debug, Clone, Copy)]
pub struct Font<'a> {
    pub size: f64,
    pub anchor: Anchor,
    pub fill: &'a str,
    pub bold: bool,
}

impl<'a> Font<'a> {
    /// Dark text of `size`, anchored at its start.
    pub fn new(size: f64) -> Font<'a> {
        Font {
            size,
            anchor: Anchor::Start,
            fill: "#222",
            bold: false,
        }
    }

    pub fn middle(self) -> Font<'a> {
        Font {
            anchor: Anchor::Middle,
            ..self
        }
    }

    pub fn end(self) -> Font<'a> {
        Font {
            anchor: Anchor::End,
            ..self
        }
    }

    pub fn bold(self) -> Font<'a> {
        Font { bold: true, ..self }
    }

    pub fn colour(self, fill: &'a str) -> Font<'a> {
        Font { fill, ..self }
    }
}

/// An SVG document being written: elements in the order they are drawn, later ones on top.
/// Its height is given when it is finished, once the drawing knows how far down it went.
pub struct Svg {
    width: f64,
    title: String,
    background: String,
    out: String,
    open_groups: usize,
}

impl Svg {
    /// A document `width` wide with `title` and a plain `background`.
    pub fn new(width: f64, title: &str, background: &str) -> Svg {
        Svg {
            width,
            title: title.to_string(),
            background: background.to_string(),
            out: String::new(),
            open_groups: 0,
        }
    }

    /// Opens a group of `class` (what tests count), named `id` when given; [`Svg::close`] ends it.
    pub fn open(&mut self, class: &str, id: Option<&str>) {
        let id = id.map_or(String::new(), |id| format!(" id=\"{}\"", escape(id)));
        let _ = writeln!(self.out, "<g class=\"{}\"{id}>", escape(class));
        self.open_groups += 1;
    }

    /// Opens a group of `class` with a tooltip `title` (shown when pointed at).
    pub fn open_titled(&mut self, class: &str, title: &str) {
        self.open(class, None);
        let _ = writeln!(self.out, "<title>{}</title>", escape(title));
    }

    pub fn close(&mut self) {
        if self.open_groups > 0 {
            self.out.push_str("</g>\n");
            self.open_groups -= 1;
        }
    }

    pub fn rect(&mut self, x: f64, y: f64, width: f64, height: f64, paint: Paint) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {}/>",
            num(x),
            num(y),
            num(width),
            num(height),
            paint.attributes()
        );
    }

    /// A rectangle with corners rounded by `radius`.
    pub fn rounded(&mut self, x: f64, y: f64, width: f64, height: f64, radius: f64, paint: Paint) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" rx=\"{}\" {}/>",
            num(x),
            num(y),
            num(width),
            num(height),
            num(radius),
            paint.attributes()
        );
    }

    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, paint: Paint) {
        let _ = writeln!(
            self.out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" {}/>",
            num(cx),
            num(cy),
            num(r),
            paint.attributes()
        );
    }

    pub fn line(&mut self, (x1, y1): (f64, f64), (x2, y2): (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>",
            num(x1),
            num(y1),
            num(x2),
            num(y2),
            escape(stroke),
            num(width)
        );
    }

    /// A closed shape through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], paint: Paint) {
        let _ = writeln!(
            self.out,
            "<polygon points=\"{}\" {}/>",
            points_list(points),
            paint.attributes()
        );
    }

    /// An open line through `points`, `dashed` or solid.
    pub fn polyline(&mut self, points: &[(f64, f64)], stroke: &str, width: f64, dashed: bool) {
        let dash = if dashed {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" \
             stroke-linecap=\"round\" stroke-linejoin=\"round\"{dash}/>",
            points_list(points),
            escape(stroke),
            num(width)
        );
    }

    pub fn text(&mut self, x: f64, y: f64, text: &str, font: Font) {
        let anchor = match font.anchor {
            Anchor::Start => "",
            Anchor::Middle => " text-anchor=\"middle\"",
            Anchor::End => " text-anchor=\"end\"",
        };
        let weight = if font.bold {
            " font-weight=\"bold\""
        } else {
            ""
        };
        let _ = writeln!(
            self.out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\"{anchor}{weight}>{}</text>",
            num(x),
            num(y),
            num(font.size),
            escape(font.fill),
            escape(text)
        );
    }

    /// The finished document, `height` tall (every group still open is closed).
    pub fn finish(mut self, height: f64) -> String {
        while self.open_groups > 0 {
            self.close();
        }
        let (w, h) = (num(self.width), num(height));
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">\n\
             <title>{}</title>\n<rect width=\"100%\" height=\"100%\" fill=\"{}\"/>\n{}</svg>\n",
            escape(&self.title),
            escape(&self.background),
            self.out
        )
    }
}

fn points_list(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_one_fixed_decimal_at_most() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.25), "12.3");
        assert_eq!(num(-0.04), "0");
        assert_eq!(num(-3.5), "-3.5");
    }

    #[test]
    fn text_is_escaped_and_groups_are_closed() {
        let mut svg = Svg::new(10.0, "A&B", "#fff");
        svg.open("holding", Some("h\"1"));
        svg.text(1.0, 2.0, "MS&C <x>", Font::new(9.0).middle());
        let doc = svg.finish(10.0);
        assert!(doc.contains("<title>A&amp;B</title>"));
        assert!(doc.contains("id=\"h&quot;1\""));
        assert!(doc.contains(">MS&amp;C &lt;x&gt;</text>"));
        assert!(doc.ends_with("</g>\n</svg>\n"));
    }
}
