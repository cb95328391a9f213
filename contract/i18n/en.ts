/**
 * The English catalogue of every text the widget shows on its own (SPEC's
 * words exactly where SPEC gives them: sections 4, 5, 8 and 9). Owner-written
 * content (headlines, button texts, consent texts) never comes from here.
 * Placeholders: {0} and {1} as in the form library's messages, {n} and
 * {total} for counts.
 */
export const en = {
  // The frame
  close: "Close",
  open: "Open",
  poweredBy: "Powered by Beckon",
  next: "Next",
  back: "Back",
  submit: "Submit",
  continue: "Continue",
  video: "Video",
  progress: "Progress",
  thanks: "Thanks!",
  sendFailed: "Something went wrong. Please try again.",
  privacyConsent: "I accept the privacy policy.",
  privacyLink: "Privacy policy",

  // SPEC 5 form library and SPEC 8 errors
  required: "This field is required.",
  fix: "Please fix this field.",
  email: "Please enter a valid email address.",
  business: "Please enter a business email.",
  phone: "Please enter a valid phone number.",
  url: "Please enter a valid URL.",
  date: "Please enter a valid date.",
  dateISO: "Please enter a valid date (ISO).",
  number: "Please enter a valid number.",
  digits: "Please enter only digits.",
  equalTo: "Please enter the same value again.",
  maxlength: "Please enter no more than {0} characters.",
  minlength: "Please enter at least {0} characters.",
  rangelength: "Please enter a value between {0} and {1} characters long.",
  range: "Please enter a value between {0} and {1}.",
  max: "Please enter a value less than or equal to {0}.",
  min: "Please enter a value greater than or equal to {0}.",
  step: "Please enter a multiple of {0}.",
  robot: "Please confirm you are not a robot",
  choose: "Please choose an answer.",
  choiceLimit: "Please choose at most {0}.",

  // Timer
  timer: "Time left",
  days: "days",
  hours: "hours",
  minutes: "minutes",
  seconds: "seconds",

  // Carousel (SPEC 8 accessibility labels)
  carousel: "Carousel",
  slidePrev: "Previous slide",
  slideNext: "Next slide",
  slideFirst: "This is the first slide",
  slideLast: "This is the last slide",
  slideGoTo: "Go to slide {n}",
  slideOf: "Slide {n} of {total}",

  // Products (SPEC 8 and 9 defaults)
  addToCart: "Add to Cart",
  goToProduct: "Go To Product",
  soldOut: "Sold Out",
  soldOutBadge: "SOLD OUT",
  customBadge: "10% Off",
  discountBadge: "10% OFF",
  percentOff: "{0}% OFF",
  amountOff: "{0} OFF",
  oneTime: "One-time purchase",
  reviews: "Reviews",
  viewCart: "View Cart",
  addAll: "Add All to Cart",
  noProducts: "No products found.",
  productN: "Product {n}",
  variant: "Variant",
  quantity: "Quantity",
  purchaseOption: "Purchase option",

  // A cart that refused an add (widget/store/cart-refusal.ts)
  cartSoldOut: "Sorry, this product just sold out.",
  cartNotEnoughStock: "Sorry, we don't have that many in stock. Please choose a smaller quantity.",
  cartQuantityLimit: "This quantity can't be ordered. Please choose another quantity.",
  cartPurchaseOption: "This product can't be bought with this purchase option. Please choose another one.",
  cartUnavailable: "Sorry, this product can't be added to the cart right now.",
  cartFull: "Your cart is full. Please remove something before adding more.",
  cartAddFailed: "The product couldn't be added to the cart. Please try again.",

  // Prize games (prize wheel, scratch card)
  prizeEmail: "Your email",
  prizeSpin: "Spin the wheel",
  prizeReveal: "Reveal",
  prizeScratch: "Scratch the card to see your prize",
  prizeWon: "You won: {0}",
  prizeLost: "No win this time: {0}",
  prizeCode: "Your code",
  prizeAgain: "You have played already. Your prize:",
  prizeGone: "Every prize has been won. Thanks for playing!",
  copy: "Copy code",
  copied: "Copied",

  // A lead's own discount code (the discount_code element)
  codeLabel: "Your discount code",
  codeCopy: "Copy",
  codeCopied: "Copied",
  codeApply: "Apply to cart",
  codeApplied: "Applied to your cart",
  codeApplyFailed: "The code could not be applied. Enter it at checkout.",
  codeExpires: "Valid until {0}",
  codeLoading: "Getting your code…",
  codeNone: "All our codes have been handed out. We will e-mail you if we have more.",
} as const;

/** The shape every catalogue has: the English keys, any words. */
export type WidgetTexts = { readonly [K in keyof typeof en]: string };
