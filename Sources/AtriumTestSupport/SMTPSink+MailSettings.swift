import AtriumMail
import AtriumServices

extension SMTPSink {
  /// Mail settings that send to this sink in plain text (no STARTTLS), from Atrium's demo
  /// address, with links starting with `publicURL`: what a test's server mails through.
  public func mailSettings(publicURL: String = "https://atrium.example.com") -> MailSettings {
    MailSettings(
      transport: SMTPClient(settings: SMTPSettings(url: url, security: .none)),
      from: MailAddress("atrium@atrium-demo.example", name: "Atrium"), publicURL: publicURL,
      summary: "SMTP \(url)", attemptSeconds: 10)
  }
}

extension TestApp {
  /// A sink, the settings that mail through it, and the demo company on a server that uses
  /// them: the setup every mail suite starts with.
  public static func mailing(
    publicURL: String = "https://atrium.example.com"
  ) throws -> (sink: SMTPSink, mail: MailSettings, app: TestApp) {
    let sink = try SMTPSink()
    let mail = sink.mailSettings(publicURL: publicURL)
    return (sink, mail, try TestApp { $0.mail = mail })
  }
}
