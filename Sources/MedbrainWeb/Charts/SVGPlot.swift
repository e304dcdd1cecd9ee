import FHIRModel

/// The frame two of the view's charts share: a plot area in a fixed view box, a y axis from
/// zero to a round maximum, and the text escaped for SVG (texts come from users).
struct SVGPlot: Sendable {
    static let width = 720
    static let height = 300
    static let left = 56
    static let right = 24
    static let top = 20
    static let bottom = 48

    /// The top of the y axis: the largest value rounded up to 1, 2 or 5 times a power of ten.
    let maximum: Double
    let count: Int

    init(values: [Double], count: Int) {
        self.maximum = Self.roundUp(values.max() ?? 0)
        self.count = count
    }

    static func roundUp(_ value: Double) -> Double {
        guard value > 0 else { return 1 }
        var power = 1.0
        while power * 10 <= value { power *= 10 }
        return [1.0, 2, 5, 10].map { $0 * power }.first { $0 >= value } ?? value
    }

    /// The x of point `index` of `count`, evenly spread.
    func x(_ index: Int) -> Double {
        let span = Double(Self.width - Self.left - Self.right)
        guard count > 1 else { return Double(Self.left) + span / 2 }
        return Double(Self.left) + span * Double(index) / Double(count - 1)
    }

    func y(_ value: Double) -> Double {
        let span = Double(Self.height - Self.top - Self.bottom)
        return Double(Self.top) + span * (1 - value / maximum)
    }

    /// The opening tag, described for screen readers by `title` and `summary`.
    func open(id: String, title: String, summary: String) -> String {
        """
        <svg class="chart" viewBox="0 0 \(Self.width) \(Self.height)" role="img" aria-labelledby="\(id)-title \(id)-desc" \
        xmlns="http://www.w3.org/2000/svg"><title id="\(id)-title">\(title.markupEscaped)</title>\
        <desc id="\(id)-desc">\(summary.markupEscaped)</desc>
        """
    }

    /// Horizontal grid lines at whole values (fifths or halves of the maximum, else its ends)
    /// with their values, and the x labels.
    func axes(labels: [String]) -> String {
        var parts: [String] = []
        // Lines at whole numbers only: counts of doses have no halves.
        let fifth = maximum / 5
        let fractions =
            fifth.rounded() == fifth
            ? [0.0, 0.2, 0.4, 0.6, 0.8, 1.0] : (maximum / 2).rounded() == maximum / 2 ? [0.0, 0.5, 1.0] : [0.0, 1.0]
        for fraction in fractions {
            let value = maximum * fraction
            let y = Self.format(y(value))
            parts.append(
                "<line class=\"grid\" x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(y)\" y2=\"\(y)\"/>"
                    + "<text class=\"tick\" x=\"\(Self.left - 8)\" y=\"\(y)\" text-anchor=\"end\" dominant-baseline=\"middle\">"
                    + "\(Self.format(value))</text>")
        }
        for (index, label) in labels.enumerated() {
            parts.append(
                "<text class=\"label\" x=\"\(Self.format(x(index)))\" y=\"\(Self.height - Self.bottom + 28)\" "
                    + "text-anchor=\"middle\">\(label.markupEscaped)</text>")
        }
        return parts.joined(separator: "\n")
    }

    /// A number as SVG writes it: whole numbers without a fraction, others to one decimal.
    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
