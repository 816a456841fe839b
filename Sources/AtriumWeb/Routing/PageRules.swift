import AtriumAPI

/// What the web app must decide about a page before it runs it, stated by every page in
/// `WebPage.rules` (the API's routes state theirs in `EndpointRules`).
package struct PageRules: Hashable, Sendable {
  package enum Access: Hashable, Sendable {
    /// Signing in and the assets: no session needed.
    case anyone
    /// A signed-in visitor; anyone else is sent to the sign-in page.
    case signedIn
  }

  package let access: Access
  /// On the network thread, or on the worker pool when the work may block.
  package let work: EndpointRules.Work
  /// Whether a visitor with a temporary password may open it before changing the password.
  package let beforePasswordChange: EndpointRules.BeforePasswordChange
  package let bodyLimit: EndpointRules.BodyLimit

  package init(
    access: Access, work: EndpointRules.Work, beforePasswordChange: EndpointRules.BeforePasswordChange,
    bodyLimit: EndpointRules.BodyLimit
  ) {
    self.access = access
    self.work = work
    self.beforePasswordChange = beforePasswordChange
    self.bodyLimit = bodyLimit
  }
}

extension PageRules {
  /// A page anyone may open, signed in or not (a forgotten password's pages).
  package static func anonymous(work: EndpointRules.Work) -> PageRules {
    PageRules(access: .anyone, work: work, beforePasswordChange: .allowed, bodyLimit: .standard)
  }
}

extension EndpointRules.BodyLimit {
  /// A photo sent from the web form, with the form's other fields: 12 MiB.
  package static let photoForm = EndpointRules.BodyLimit(bytes: EndpointRules.BodyLimit.photo.bytes + (1 << 20))
}

extension PageRules {
  /// Most pages: a signed-in visitor who has no temporary password left to change, quick
  /// work, a form's worth of body.
  package static let signedIn = PageRules(
    access: .signedIn, work: .quick, beforePasswordChange: .refused, bodyLimit: .standard)

  /// A signed-in visitor's form whose work waits on another server (the sensors' broker), so
  /// it runs on the worker pool.
  package static let signedInMayBlock = PageRules(
    access: .signedIn, work: .mayBlock, beforePasswordChange: .refused, bodyLimit: .standard)
}
