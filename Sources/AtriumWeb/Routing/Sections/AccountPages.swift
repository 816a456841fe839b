extension WebPage {
  /// Signing in and out, and the password.
  package enum Account: PageSection {
    case signIn(next: String?)
    case submitSignIn
    case signOut
    case password
    case changePassword

    package enum Name: CaseIterable, Sendable {
      case signIn, submitSignIn, signOut, password, changePassword
    }

    package static func row(_ name: Name) -> PageRow<Self> {
      switch name {
      case .signIn:
        PageRow(
          .get, "/sign-in",
          rules: .init(access: .anyone, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, query in .signIn(next: query["next"].flatMap(WebPage.localPath))
        }
      case .submitSignIn:
        // Hashes a password or asks the directory: off the network threads.
        PageRow(
          .post, "/sign-in",
          rules: .init(access: .anyone, work: .mayBlock, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, _ in .submitSignIn
        }
      case .signOut:
        PageRow(
          .post, "/sign-out",
          rules: .init(access: .signedIn, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, _ in .signOut
        }
      case .password:
        PageRow(
          .get, "/password",
          rules: .init(access: .signedIn, work: .quick, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, _ in .password
        }
      case .changePassword:
        PageRow(
          .post, "/password",
          rules: .init(access: .signedIn, work: .mayBlock, beforePasswordChange: .allowed, bodyLimit: .standard)
        ) {
          _, _ in .changePassword
        }
      }
    }

    package var parts: PageParts<Name> {
      switch self {
      case .signIn(let next): PageParts(.signIn, query: [("next", next)])
      case .submitSignIn: PageParts(.submitSignIn)
      case .signOut: PageParts(.signOut)
      case .password: PageParts(.password)
      case .changePassword: PageParts(.changePassword)
      }
    }

    package static let examples: [Self] = [
      .signIn(next: nil), .signIn(next: "/board"), .submitSignIn, .signOut, .password, .changePassword,
    ]
  }
}
