import type { FrameWords } from './en.ts'

/** The frame page's Thai words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'กระเป๋าเงินแบบฝัง · ไซต์ที่ปลอดภัย',
  signMessage: 'ลงนามข้อความ',
  signTypedData: 'ลงนามข้อมูลแบบมีโครงสร้าง',
  grantPermissions: 'ให้สิทธิ์',
  sendTransaction: 'ส่งธุรกรรม',
  signTransaction: 'ลงนามธุรกรรม',
  signTransactions: (count: number) => `ลงนาม ${count} ธุรกรรม`,
  requestedBy: 'ขอโดย',
  network: 'เครือข่าย',
  until: 'จนถึง',
  to: 'ถึง',
  value: 'มูลค่า',
  amount: 'จำนวน',
  feePayer: 'ผู้จ่ายค่าธรรมเนียม',
  newContract: 'สัญญาใหม่',
  data: (data: string) => `ข้อมูล: ${data}`,
  unreadable: 'ธุรกรรมที่อ่านไม่ได้',
  transfer: (amount: string, to: string) => `โอน ${amount} ไปยัง ${to}`,
  program: (program: string, bytes: number) => `โปรแกรม ${program} (ข้อมูล ${bytes} ไบต์)`,
  sendCalls: (count: number) => `ส่ง ${count} การเรียกพร้อมกัน`,
  call: (index: number) => `การเรียกที่ ${index}`,
  callData: (index: number, data: string) => `ข้อมูลของการเรียกที่ ${index}: ${data}`,
  message: 'ข้อความ',
  details: 'รายละเอียด',
  reject: 'ปฏิเสธ',
  approve: 'อนุมัติ',
}

export default words
