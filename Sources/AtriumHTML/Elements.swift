// The elements Atrium's pages use, as functions: `.div([.class("card")], ["text"])`.

extension Node {
  public static func tag(_ name: String, _ attributes: [Attribute] = [], _ children: [Node] = []) -> Node {
    .element(name, attributes, children)
  }

  public static func html(_ attributes: [Attribute], _ children: [Node]) -> Node { .tag("html", attributes, children) }
  public static func head(_ children: [Node]) -> Node { .tag("head", [], children) }
  public static func body(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("body", attributes, children)
  }
  public static func title(_ text: String) -> Node { .tag("title", [], [.text(text)]) }
  public static func meta(_ attributes: [Attribute]) -> Node { .void("meta", attributes) }
  public static func link(_ attributes: [Attribute]) -> Node { .void("link", attributes) }
  /// A script from a file: no inline script ever (the Content-Security-Policy forbids it).
  public static func script(src: String) -> Node {
    .tag("script", [Attribute(known: "src", src), Attribute(known: "defer", nil)], [])
  }

  public static func header(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("header", attributes, children)
  }
  public static func nav(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("nav", attributes, children)
  }
  public static func main(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("main", attributes, children)
  }
  public static func footer(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("footer", attributes, children)
  }
  public static func section(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("section", attributes, children)
  }
  public static func article(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("article", attributes, children)
  }
  public static func div(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("div", attributes, children)
  }
  public static func span(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("span", attributes, children)
  }
  public static func h1(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("h1", attributes, children) }
  public static func h2(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("h2", attributes, children) }
  public static func h3(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("h3", attributes, children) }
  public static func p(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("p", attributes, children) }
  public static func strong(_ children: [Node]) -> Node { .tag("strong", [], children) }
  public static func small(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("small", attributes, children)
  }
  public static func a(_ attributes: [Attribute], _ children: [Node]) -> Node { .tag("a", attributes, children) }
  public static func img(_ attributes: [Attribute]) -> Node { .void("img", attributes) }
  public static func ul(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("ul", attributes, children) }
  public static func li(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("li", attributes, children) }
  public static func dl(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("dl", attributes, children) }
  public static func dt(_ children: [Node]) -> Node { .tag("dt", [], children) }
  public static func dd(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("dd", attributes, children) }
  public static func time(_ attributes: [Attribute], _ children: [Node]) -> Node { .tag("time", attributes, children) }

  public static func form(_ attributes: [Attribute], _ children: [Node]) -> Node { .tag("form", attributes, children) }
  public static func label(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("label", attributes, children)
  }
  public static func input(_ attributes: [Attribute]) -> Node { .void("input", attributes) }
  public static func textarea(_ attributes: [Attribute], _ text: String) -> Node {
    .tag("textarea", attributes, [.text(text)])
  }
  public static func select(_ attributes: [Attribute], _ options: [Node]) -> Node {
    .tag("select", attributes, options)
  }
  public static func option(_ attributes: [Attribute], _ text: String) -> Node {
    .tag("option", attributes, [.text(text)])
  }
  public static func button(_ attributes: [Attribute], _ children: [Node]) -> Node {
    .tag("button", attributes, children)
  }
  public static func fieldset(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("fieldset", attributes, children)
  }
  public static func legend(_ children: [Node]) -> Node { .tag("legend", [], children) }
  public static func table(_ attributes: [Attribute] = [], _ children: [Node]) -> Node {
    .tag("table", attributes, children)
  }
  public static func tr(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("tr", attributes, children) }
  public static func th(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("th", attributes, children) }
  public static func td(_ attributes: [Attribute] = [], _ children: [Node]) -> Node { .tag("td", attributes, children) }
}

extension Attribute {
  public static func `class`(_ value: String) -> Attribute { Attribute(known: "class", value) }
  public static func id(_ value: String) -> Attribute { Attribute(known: "id", value) }
  public static func href(_ value: String) -> Attribute { Attribute(known: "href", value) }
  public static func action(_ value: String) -> Attribute { Attribute(known: "action", value) }
  public static func method(_ value: String) -> Attribute { Attribute(known: "method", value) }
  public static func name(_ value: String) -> Attribute { Attribute(known: "name", value) }
  public static func value(_ value: String) -> Attribute { Attribute(known: "value", value) }
  public static func type(_ value: String) -> Attribute { Attribute(known: "type", value) }
  public static func `for`(_ value: String) -> Attribute { Attribute(known: "for", value) }
  public static func src(_ value: String) -> Attribute { Attribute(known: "src", value) }
  public static func alt(_ value: String) -> Attribute { Attribute(known: "alt", value) }
  public static func rel(_ value: String) -> Attribute { Attribute(known: "rel", value) }
  public static func lang(_ value: String) -> Attribute { Attribute(known: "lang", value) }
  public static func ariaLabel(_ value: String) -> Attribute { Attribute(known: "aria-label", value) }
  public static func ariaCurrent(_ value: String) -> Attribute { Attribute(known: "aria-current", value) }
  public static func autocomplete(_ value: String) -> Attribute { Attribute(known: "autocomplete", value) }
  public static func data(_ name: String, _ value: String) -> Attribute { Attribute("data-" + name, value) }
  public static let required = Attribute(known: "required", nil)
  public static let checked = Attribute(known: "checked", nil)
  public static let selected = Attribute(known: "selected", nil)
  public static let disabled = Attribute(known: "disabled", nil)
  public static let autofocus = Attribute(known: "autofocus", nil)
}
