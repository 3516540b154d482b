//! JSON pointers (RFC 6901) of the faults serde finds, shared by the API's request bodies and
//! the importer's exports.

/// A serde_path_to_error path as a JSON pointer (enum variant names are not JSON keys in our
/// tagged representations, and unknown segments are dropped: the pointer names the nearest
/// known ancestor).
pub fn pointer_of(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut pointer = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => {
                pointer.push('/');
                pointer.push_str(&index.to_string());
            }
            Segment::Map { key } => {
                pointer.push('/');
                pointer.push_str(&escape_pointer(key));
            }
            Segment::Enum { .. } | Segment::Unknown => {}
        }
    }
    pointer
}

fn escape_pointer(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}
