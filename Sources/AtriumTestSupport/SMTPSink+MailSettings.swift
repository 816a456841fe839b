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
