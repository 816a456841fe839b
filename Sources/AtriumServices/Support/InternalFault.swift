/// Something that should never happen, or a failure of the machine (a file that cannot be
/// written): logged in these words with the request id, while the caller is answered a 500
/// that names only the request id (`Problem.describing`).
package struct InternalFault: Error, CustomStringConvertible {
  package let description: String

  package init(_ description: String) {
    self.description = description
  }
}
