import type { FrameWords } from './en.ts'

/** The frame page's Hindi words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'एम्बेडेड वॉलेट · सुरक्षित साइट',
  signMessage: 'संदेश पर हस्ताक्षर करें',
  signTypedData: 'संरचित डेटा पर हस्ताक्षर करें',
  grantPermissions: 'अनुमतियां दें',
  sendTransaction: 'लेन-देन भेजें',
  signTransaction: 'लेन-देन पर हस्ताक्षर करें',
  signTransactions: (count: number) => `${count} लेन-देन पर हस्ताक्षर करें`,
  requestedBy: 'अनुरोधकर्ता',
  network: 'नेटवर्क',
  until: 'तक',
  to: 'प्राप्तकर्ता',
  value: 'मूल्य',
  amount: 'राशि',
  feePayer: 'शुल्क भुगतानकर्ता',
  newContract: 'नया कॉन्ट्रैक्ट',
  data: (data: string) => `डेटा: ${data}`,
  unreadable: 'पढ़ने योग्य लेन-देन नहीं',
  transfer: (amount: string, to: string) => `${to} को ${amount} ट्रांसफ़र करें`,
  program: (program: string, bytes: number) => `प्रोग्राम ${program} (${bytes} बाइट डेटा)`,
  sendCalls: (count: number) => `${count} कॉल एक साथ भेजें`,
  call: (index: number) => `कॉल ${index}`,
  callData: (index: number, data: string) => `कॉल ${index} का डेटा: ${data}`,
  message: 'संदेश',
  details: 'विवरण',
  reject: 'अस्वीकार करें',
  approve: 'स्वीकृत करें',
}

export default words
