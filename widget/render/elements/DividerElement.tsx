/** A horizontal rule between elements. */
export const DividerElement = () => <hr className="bk-el bk-divider" />;
