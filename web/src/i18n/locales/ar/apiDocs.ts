import type { Translation } from '../translation';

/** Arabic strings of the API documentation (/api-documentation). */
export const apiDocs: Translation<'ar'>['apiDocs'] = {
  signingTitle: 'توقيع الطلبات',
  intro:
    'يستدعي الخادم الخلفي لديك واجهة برمجة التجار على <url>{{baseUrl}}</url> بأجسام JSON. يُوقَّع كل طلب بسرّ مفتاح API الخاص بك (إعدادات التاجر)؛ ويعرض المرجع أدناه كل عملية وحقل وخطأ.',
  headersTitle: 'ترويسات كل طلب',
  headerKey: 'معرّف مفتاح API الخاص بك.',
  headerTimestamp: 'الوقت الحالي بثواني يونكس؛ يُرفض إذا ابتعد أكثر من 5 دقائق عن ساعة الخادم.',
  headerSignature: 'قيمة HMAC-SHA256 بالنظام الست عشري للسلسلة الموقّعة، مفتاحها سرّ API الخاص بك.',
  headerIdempotency:
    'لعمليات الكتابة (POST) فقط: فريد لكل عملية إيداع أو سحب تقصدها. إعادة المحاولة بالمفتاح نفسه والجسم نفسه تعيد الاستجابة الأولى؛ والمفتاح نفسه مع جسم آخر يعيد 409.',
  signedTitle: 'السلسلة الموقّعة',
  signedIntro: 'اربط هذه الأجزاء الستة بفواصل أسطر (\\n)، بهذا الترتيب، دون فاصل سطر في النهاية:',
  partVersion: 'الحرفان <code>v2</code>، إصدار هذه السلسلة.',
  partTimestamp: 'ترويسة X-Timestamp كما أُرسلت تمامًا.',
  partMethod: 'طريقة HTTP بأحرف كبيرة (GET، POST).',
  partPath:
    'المسار الكامل كما أُرسل، بما فيه <code>/api/v1</code> وسلسلة الاستعلام إن وُجدت: <code>/api/v1/payins</code> وليس <code>/payins</code>.',
  partIdempotency: 'ترويسة Idempotency-Key كما أُرسلت تمامًا؛ فارغة إن لم يحملها الطلب (طلب GET).',
  partBody: 'الجسم الذي ترسله حرفيًا (وقّع النص المرسل، لا كائنًا أُعيد تسلسله)؛ فارغ لطلب GET.',
  refused:
    'غياب ترويسة أو مفتاح غير معروف أو طابع زمني منتهٍ أو توقيع خاطئ أو طلب موقَّع أُرسل مرة ثانية يعيد 401، مع السبب في error.code: وقّع كل طلب من جديد، بما في ذلك إعادة المحاولة.',
  examplesTitle: 'أمثلة',
  examplesHint:
    'ينشئ كل مثال عملية إيداع ثم يقرؤها مجددًا. اضبط API_BASE_URL وAPI_KEY_ID وAPI_SECRET في البيئة قبل تشغيله.',
  copy: 'نسخ',
  copied: 'تم النسخ',
  copyRefused: 'رفض المتصفح النسخ: حدّد النص بدلًا من ذلك.',
  referenceTitle: 'مرجع API',
  downloadDocument: 'تنزيل openapi.json',
  redoc: {
    responses: 'الاستجابات',
    requestSamples: 'أمثلة الطلبات',
    responseSamples: 'أمثلة الاستجابات',
    download: 'تنزيل',
    downloadSpecification: 'تنزيل مستند OpenAPI',
  },
};
